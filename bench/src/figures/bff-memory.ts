/**
 * Figure: the BFF's resident memory after 100 000 sends (goal: at most 256 MiB, so that the
 * embedded console fits a 512 MiB container), and how much it grew over the second 50 000. A process that keeps something per send (a map never pruned, listeners, timers) grows
 * with every send; one that does not levels off once its caches are warm, so the second half
 * is compared with the first half's end. Read from /proc (VmRSS) after the load stops and the
 * process settles, with the journal on embedded PGlite, whose page cache lives in the process.
 */
import { readFileSync } from 'node:fs';
import { exampleInput } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason, notMeasured } from '../lib/figure';
import { round } from '../lib/stats';
import { describeFailures, runLoad } from '../load/load';
import { startStack } from '../stack/stack';

const SENDS = 100_000;
const CONNECTIONS = 16;
const SETTLE_MS = 3_000;
/** Flat: the second half adds at most this share of what the first half ended with. */
const GROWTH_GOAL = 0.05;
/** Room to spare in a 512 MiB container (issue 42): the whole console, without the sandbox. */
const RESIDENT_GOAL_BYTES = 256 * 1024 * 1024;
const OPERATION = 'createCryptoWithdrawalFee' as const;

const FIGURE = 'BFF resident memory after 100 000 sends';
const GOAL = `≤ 256 MiB; growth over the second 50 000 ≤ ${GROWTH_GOAL * 100} %`;

export const bffMemory: Figure = {
  id: 'bff-memory',
  timeoutMs: 600_000,
  async run(ctx) {
    try {
      return [await measure(ctx)];
    } catch (error) {
      const reason = failureReason(error);
      return [notMeasured(FIGURE, GOAL, reason)];
    }
  },
};

/** Resident set size of `pid` in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function measure(ctx: BenchContext): Promise<Row> {
  const stack = await startStack(ctx, 'bff-memory');
  try {
    const url = `${stack.bff.url}/api/operations/${OPERATION}`;
    const body = JSON.stringify(exampleInput(OPERATION));
    const pid = stack.bff.proc.pid;
    const start = residentBytes(pid);
    const half = async (label: string) => {
      const started = performance.now();
      const result = await runLoad({
        url,
        connections: CONNECTIONS,
        amount: SENDS / 2,
        method: 'POST',
        headers: stack.bff.headers,
        body,
        requests: [{}],
      });
      const failures = describeFailures(result);
      if (failures) throw new Error(`${label}: ${failures}`);
      // The sandbox logs every request: emptied so that its own memory does not slow the BFF.
      await stack.sandbox.reset();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const rss = residentBytes(pid);
      ctx.log(
        `  ${label}: ${result.ok} sends in ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${mib(rss)}`,
      );
      return rss;
    };
    const first = await half('first 50 000');
    const second = await half('second 50 000');
    const growth = (second - first) / first;
    return {
      figure: FIGURE,
      value: `${mib(second)}; +${mib(second - first)} (${(growth * 100).toFixed(1)} %) over the second 50 000`,
      baseline: `${mib(start)} at start; ${mib(first)} after 50 000`,
      ratio: '',
      goal: GOAL,
      pass: second <= RESIDENT_GOAL_BYTES && growth <= GROWTH_GOAL,
      raw: {
        start_bytes: start,
        after_50k_bytes: first,
        after_100k_bytes: second,
        growth: round(growth),
        connections: CONNECTIONS,
      },
      note: `${SENDS} sends of ${OPERATION} at ${CONNECTIONS} concurrent, journal on PGlite (its page cache is in the BFF's memory); RSS read ${SETTLE_MS / 1000} s after each half`,
    };
  } finally {
    await stack.close();
  }
}
