/**
 * Reconciliation at pace on a real day (issue 64): 5 000 internal transfers at the sandbox (10 000
 * records, both legs of each), journaled as the console's sends, reconciled by one run of the
 * BFF's reconciler at the production pace (the watcher's share, a read every 200 ms) through the
 * signed upstream client and the shared service budget. The run's wall time is mostly the pace:
 * the figure says how close to it the run keeps, and that no two reads reach the service closer
 * than the pace allows (the sandbox's log, in real time).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { demoConfig, startSandbox, type RequestLogEntry } from '@console/sandbox';
import { createUpstream } from '@console/bff/src/bootstrap/upstream';
import { openDb } from '@console/bff/src/db/open-db';
import { createLogger } from '@console/bff/src/logger';
import { reconcileDefaults } from '@console/bff/src/reconcile/reconcile-options';
import { createReconciler } from '@console/bff/src/reconcile/reconciler';
import { createCounterStore } from '@console/bff/src/security/counter-store';
import {
  createServiceBudget,
  DEFAULT_BUDGET_PERCENT,
} from '@console/bff/src/upstream/service-budget';
import { describePublicKey } from '@console/bff/src/upstream/signing';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from '@console/bff/src/watch/watch-pace';
// The integration test's day, so that the figure measures what `reconcile-pace.test.ts` checks.
import { busyDay, gapsOf, reconcileReads } from '@console/bff/test/reconcile-volume';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { formatMs, round } from '../lib/stats';

const TRANSFERS = 5_000;
const PACE_MS = watchSpacingMs(DEFAULT_WATCH_SHARE_PERCENT);
/** A read's transit may be this much shorter than the one before it (as the test allows). */
const TRANSIT_MS = 100;
const FIGURE = 'Reconciliation of 10 000 service records at pace (PGlite)';
const GOAL = '0 reads closer than the pace';

export const reconcilePace: Figure = {
  id: 'reconcile-pace',
  timeoutMs: 180_000,
  rows: [{ figure: FIGURE, goal: GOAL }],
  run: measure,
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  const clientSecret = randomBytes(24).toString('base64url');
  const pem = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  const { kid, publicKeyPem } = await describePublicKey(pem);
  const sandbox = await startSandbox({
    config: demoConfig({
      clientSecret,
      signingKeys: [{ kid, public_key_pem: publicKeyPem }],
      signingRequired: true,
    }),
    port: 0,
  });
  const dir = join(ctx.workDir, 'reconcile-pace');
  mkdirSync(dir, { recursive: true });
  const db = await openDb({ dataDir: dir });
  try {
    const logger = createLogger('warn');
    const { client } = await createUpstream({
      baseUrl: sandbox.url,
      authUrl: sandbox.url,
      credentials: { default: { clientId: 'console-demo', clientSecret } },
      signingKey: { pem, kid },
      logger,
      budget: createServiceBudget(createCounterStore(db), { percent: DEFAULT_BUDGET_PERCENT }),
    });
    const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${sandbox.url}/sandbox${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return (await res.json()) as T;
    };
    const log = async () =>
      (await control<{ requests: RequestLogEntry[] }>('GET', '/log')).requests;
    const from = new Date(Date.now() - 60_000).toISOString();
    ctx.log(`reconcile-pace: ${TRANSFERS} transfers at the sandbox, journaled`);
    await busyDay({ db, control }, { transfers: TRANSFERS, from, prefix: 'bench' });
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const before = (await log()).length;

    const reconciler = createReconciler(
      { db, client, owner: 'bench', logger },
      { ...reconcileDefaults(PACE_MS, 10_000), daily: false },
    );
    await reconciler.start({ from, to }, 'bench');
    const started = performance.now();
    const outcome = await reconciler.turn();
    const wallMs = performance.now() - started;
    if (!outcome) throw new Error('the run did not end (the lease or the service said not now)');
    const reads = reconcileReads((await log()).slice(before));
    const gaps = gapsOf(reads);
    const violations = gaps.filter((g) => g < PACE_MS - TRANSIT_MS).length;
    // Within a transit of the pace: spaced when they left, a little closer when they came.
    const withinTransit = gaps.filter((g) => g < PACE_MS).length - violations;
    const span = reads.at(-1)!.received_ms - reads[0]!.received_ms;
    const perSecond = ((reads.length - 1) * 1000) / span;
    const refused = reads.filter((r) => r.status !== 200).length;
    return [
      {
        figure: FIGURE,
        value: `${formatMs(wallMs)}, ${reads.length} reads, ${round(perSecond, 3)} reads/s`,
        baseline: `pace ${round(1000 / PACE_MS, 3)} reads/s`,
        ratio: `${round(perSecond / (1000 / PACE_MS), 3)}×`,
        goal: GOAL,
        pass: violations === 0 && refused === 0 && outcome.found === 0,
        raw: {
          records: 2 * TRANSFERS,
          wallMs: round(wallMs, 1),
          reads: reads.length,
          readsPerSecond: round(perSecond, 4),
          paceMs: PACE_MS,
          minGapMs: Math.min(...gaps),
          spacingViolations: violations,
          closerWithinTransit: withinTransit,
          refused,
          found: outcome.found,
          matched: TRANSFERS,
        },
        note: `closest two reads ${Math.min(...gaps)} ms apart at the sandbox (pace ${PACE_MS} ms, ${TRANSIT_MS} ms allowed for transit); ${violations} closer, ${withinTransit} of ${gaps.length} gaps under the pace by less than that; ${refused} refused; ${outcome.found} differences`,
      },
    ];
  } finally {
    await db.close();
    await sandbox.close();
  }
}
