/**
 * Figure 6: from `pnpm start` (installed and built) to the first successful `GET /api/health`,
 * in sandbox mode as a newcomer runs it. A first untimed start lets `pnpm start` build anything
 * missing; then one first start on a fresh DATA_DIR (keys, demo operators and the journal are
 * created) and restarts on that same DATA_DIR are timed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { notMeasured } from '../lib/figure';
import { formatMs, median, round } from '../lib/stats';
import { ensureBffBuilt } from '../stack/bff-process';
import { freePort, startProcess, waitForHttp } from '../stack/processes';

const RESTARTS = 3;
const LIMIT_MS = 60_000;
const GOAL = '< 5 s';
const FIRST = '`pnpm start` to first healthy /api/health: first start';
const RESTART = '`pnpm start` to first healthy /api/health: restart';

/** Starts `pnpm start`, times the first 2xx health answer, stops it. */
async function timeStart(ctx: BenchContext, dataDir: string, name: string): Promise<number> {
  const [port, sandboxPort] = [await freePort(), await freePort()];
  // Sandbox mode whatever the developer's shell says: no SVC_* or DATABASE_URL leaks in.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(SVC_|DATABASE_URL|CONSOLE_USERS_FILE)/.test(key),
    ),
  );
  const started = performance.now();
  const proc = startProcess({
    name: 'pnpm start',
    command: 'pnpm',
    args: ['start'],
    cwd: ctx.root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
    },
    logFile: join(ctx.workDir, `${name}.log`),
  });
  try {
    return await waitForHttp(`http://127.0.0.1:${port}/api/health`, {
      proc,
      timeoutMs: LIMIT_MS,
      intervalMs: 10,
      started,
    });
  } finally {
    await proc.stop();
  }
}

export const startToHealth: Figure = {
  id: 'start',
  timeoutMs: 240_000,
  async run(ctx) {
    try {
      return await measure(ctx);
    } catch (error) {
      const reason =
        error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 160) : String(error);
      return [notMeasured(FIRST, GOAL, reason), notMeasured(RESTART, GOAL, reason)];
    }
  },
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  await ensureBffBuilt(ctx.log);
  const dir = join(ctx.workDir, 'start');
  mkdirSync(dir, { recursive: true });
  ctx.log('  untimed start (builds what is missing)');
  await timeStart(ctx, join(dir, 'warm-up'), 'start-warm-up');
  const first = await timeStart(ctx, join(dir, 'data'), 'start-first');
  ctx.log(`  first start ${formatMs(first)}`);
  const restarts: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    restarts.push(await timeStart(ctx, join(dir, 'data'), `start-restart-${i + 1}`));
    ctx.log(`  restart ${formatMs(restarts.at(-1)!)}`);
  }
  const restart = median(restarts);
  return [
    {
      figure: FIRST,
      value: formatMs(first),
      baseline: '',
      ratio: '',
      goal: GOAL,
      pass: first < 5_000,
      raw: { ms: round(first) },
      note: 'fresh DATA_DIR: signing key, demo operators (scrypt) and the journal are created',
    },
    {
      figure: RESTART,
      value: formatMs(restart),
      baseline: '',
      ratio: '',
      goal: GOAL,
      pass: restart < 5_000,
      raw: { ms: round(restart), runs: restarts.map((ms) => round(ms)) },
      note: `median of ${RESTARTS} restarts on the same DATA_DIR`,
    },
  ];
}
