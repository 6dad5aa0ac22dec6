/**
 * CPU per send and per read of one or more builds of the BFF, measured alike in alternating runs
 * on one machine: what a change to the send or read path saves, without the baselines and levels
 * of `pnpm bench latency`. Each run starts its own stack (sandbox, BFF, and PostgreSQL when
 * asked), warms up, then sends Create Crypto Withdrawal Fee and reads Get Order at 16 concurrent;
 * the CPU of the BFF (and its database server) from /proc, per 2xx answer. The order of the
 * builds turns every round.
 *
 *   npx tsx src/cpu-probe.ts [--database pglite|postgres] [--rounds 3] [--seconds 4] \
 *     [label=path/to/main.js ...]
 *
 * Without builds, the one in apps/bff/dist. Prints one JSON line per run and the medians.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { exampleInput } from '@console/schemas';
import type { BenchContext } from './lib/figure';
import { BFF_MAIN, ROOT } from './lib/paths';
import { median } from './lib/stats';
import { describeFailures, runLoad } from './load/load';
import { stopAll } from './stack/processes';
import { seededOrder } from './stack/seeded-order';
import { startStack, type Database } from './stack/stack';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    database: { type: 'string', default: 'pglite' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '16' },
  },
});
const database = values.database as Database;
const builds = (positionals.length ? positionals : [`current=${BFF_MAIN}`]).map((arg) => {
  const at = arg.indexOf('=');
  return at < 0 ? { label: arg, main: arg } : { label: arg.slice(0, at), main: arg.slice(at + 1) };
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const OPERATION = 'createCryptoWithdrawalFee' as const;

const workDir = mkdtempSync(join(tmpdir(), 'console-cpu-probe-'));
const ctx: BenchContext = {
  root: ROOT,
  workDir,
  profile: false,
  log: (message) => process.stderr.write(`${message}\n`),
};

async function run(build: { label: string; main: string }, round: number) {
  const stack = await startStack(ctx, `${build.label}-${round}`, database, { main: build.main });
  try {
    // The order is found again after each reset: a reset seeds new ids (`seeded-order.ts`).
    const readUrl = async () =>
      `${stack.bff.url}/api/svc${(await seededOrder(stack.sandbox.url)).path}`;
    const targets = {
      send: async () => ({
        url: `${stack.bff.url}/api/operations/${OPERATION}`,
        method: 'POST' as const,
        body: JSON.stringify(exampleInput(OPERATION)),
      }),
      read: async () => ({ url: await readUrl(), method: 'GET' as const }),
    };
    const measured: Record<string, number> = {};
    for (const [name, aim] of Object.entries(targets)) {
      const load = async (duration: number) =>
        runLoad({
          ...(await aim()),
          connections,
          duration,
          headers: stack.bff.headers,
          requests: [{}],
        });
      await load(2);
      await stack.sandbox.reset();
      const before = stack.bffCpuMs();
      const result = await load(seconds);
      const cpu = stack.bffCpuMs() - before;
      const failures = describeFailures(result);
      if (failures) throw new Error(`${build.label} ${name}: ${failures}`);
      measured[`${name}_cpu_ms`] = Number((cpu / result.ok).toFixed(4));
      measured[`${name}_rps`] = Math.round(result.rps);
      await stack.sandbox.reset();
    }
    return measured;
  } finally {
    await stack.close();
  }
}

try {
  const runs = new Map<string, Record<string, number>[]>(builds.map((b) => [b.label, []]));
  for (let round = 1; round <= Number(values.rounds); round++) {
    // The order turns every round (A B, B A, …): a run does not always follow the same one.
    for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
      const measured = await run(build, round);
      runs.get(build.label)!.push(measured);
      process.stdout.write(
        `${JSON.stringify({ build: build.label, database, round, ...measured })}\n`,
      );
    }
  }
  for (const [label, list] of runs) {
    const keys = Object.keys(list[0] ?? {});
    const medians = Object.fromEntries(keys.map((k) => [k, median(list.map((m) => m[k]!))]));
    process.stdout.write(`${JSON.stringify({ build: label, database, median: medians })}\n`);
  }
} finally {
  await stopAll();
  rmSync(workDir, { recursive: true, force: true });
}
