/**
 * Issue 16: throughput of one console on PostgreSQL with `WORKERS=2` against `WORKERS=1`, same
 * run. Both BFFs (the bundle, like `pnpm start`) run at once on one throw-away PostgreSQL cluster
 * (Debian's `postgresql`, as the BFF's replica tests start it) in front of one sandbox process;
 * rounds interleave the two so that the shared machine's noise lands on both alike.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { exampleInput } from '@console/schemas';
import { startPgCluster } from '@console/bff/test/pg-cluster';
import type { Figure, Row } from '../lib/figure';
import { formatRatio, round } from '../lib/stats';
import { runRounds, type Target } from '../load/rounds';
import { ensureBffBuilt, startBffProcess } from '../stack/bff-process';
import { startSandboxProcess } from '../stack/sandbox-process';
import { generateBenchKey } from '../stack/signing-key';

const CONNECTIONS = 16;
const OPERATION = 'createCryptoWithdrawalFee' as const;
const FIGURE = 'BFF throughput on PostgreSQL, WORKERS=2 against 1, 16 concurrent';

export const workersThroughput: Figure = {
  id: 'workers-throughput',
  timeoutMs: 180_000,
  rows: [{ figure: FIGURE, goal: '' }],
  run: measure,
};

async function measure(ctx: Parameters<Figure['run']>[0]): Promise<Row[]> {
  await ensureBffBuilt(ctx.log);
  const dir = join(ctx.workDir, 'workers-throughput');
  mkdirSync(dir, { recursive: true });
  // Durable, as in production: every commit waits for its WAL flush.
  const pg = await startPgCluster({ durable: true });
  const stops: (() => Promise<unknown>)[] = [() => pg.stop()];
  try {
    const key = await generateBenchKey(dir);
    const sandbox = await startSandboxProcess(dir, key);
    stops.unshift(() => sandbox.proc.stop());
    const start = async (workers: number) => {
      const bff = await startBffProcess({
        dir,
        sandbox,
        key,
        name: `workers-${workers}`,
        env: { DATABASE_URL: pg.url, WORKERS: String(workers) },
      });
      stops.unshift(() => bff.proc.stop());
      return bff;
    };
    // One after the other: their migrations would wait on each other's lock anyway.
    const one = await start(1);
    const two = await start(2);
    const body = JSON.stringify(exampleInput(OPERATION));
    const target = (name: 'one' | 'two', bff: typeof one): Target<'one' | 'two'> => ({
      name,
      url: `${bff.url}/api/operations/${OPERATION}`,
      method: 'POST',
      headers: bff.headers,
      body,
    });
    const summaries = await runRounds(
      ctx,
      [target('one', one), target('two', two)],
      { connections: CONNECTIONS, warmupSeconds: 2, runSeconds: 4, rounds: 3 },
      () => sandbox.reset(),
    );
    const ratio = summaries.two.rps / summaries.one.rps;
    const failures = [summaries.one.failures, summaries.two.failures].filter(Boolean).join('; ');
    return [
      {
        figure: FIGURE,
        value: `${summaries.two.rps.toFixed(0)} req/s`,
        baseline: `WORKERS=1 ${summaries.one.rps.toFixed(0)} req/s`,
        ratio: formatRatio(ratio),
        goal: '',
        pass: null,
        raw: { one: summaries.one, two: summaries.two, ratio: round(ratio), operation: OPERATION },
        note: `both on one throw-away durable PostgreSQL 15 (fsync and synchronous_commit on), journal writes included; the sandbox, the load generator and both BFFs share the machine's cores; median of 3 × 4 s runs each; ${OPERATION}${failures ? `; failed: ${failures}` : ''}`,
      },
    ];
  } finally {
    for (const stop of stops) await stop().catch(() => {});
  }
}
