/**
 * Reconciliation at pace on a real day (issue 64): 5,000 internal transfers, 10,000 records at
 * the service, reconciled by one run reading in groups of 100 `ref_id`s and pages of 1,000, no
 * faster than its pace (the sandbox's log, in real time); and a run killed mid-way, resumed by
 * another owner, reading each page at most twice (the one in flight at the kill), never more,
 * finding what an uncut run finds. On PGlite and PostgreSQL.
 */
import type { RequestLogEntry } from '@console/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { createReconciler } from '../../src/reconcile/reconciler';
import { DEFAULT_WATCH_SHARE_PERCENT, watchSpacingMs } from '../../src/watch/watch-pace';
import { testDatabases } from '../databases';
import { logCollector } from '../harness';
import { period, RECONCILE_OPTIONS, reconcileSandboxes } from '../reconcile-harness';
import { busyDay, reconcileReads, timesRead } from '../reconcile-volume';

const { setUp } = reconcileSandboxes();

const TRANSFERS = 5_000;
/** Two records at the service of each: its debit and its credit. */
const RECORDS = 2 * TRANSFERS;
/** The production pace: the watcher's share of the service's limit (200 ms). */
const PACE_MS = watchSpacingMs(DEFAULT_WATCH_SHARE_PERCENT);
/**
 * The sandbox stamps a read when it arrives; the reader spaces them when they leave, before the
 * budget's statement, the signature and the socket. On a busy machine (the sandbox and PGlite in
 * this process) one read may come this much later than it left, and the next one on time: the
 * bench saw gaps of 155 ms at a pace of 200.
 */
const TRANSIT_MS = 100;
/** Reads in a window whose span must hold the pace, whatever one read's transit. */
const WINDOW = 5;

/** What a run over the busy day must read: ceil(n / size) per list. */
const REF_GROUPS = Math.ceil(TRANSFERS / 100);
const TRANSFER_PAGES = Math.ceil(RECORDS / 1_000);
const READS = REF_GROUPS + TRANSFER_PAGES + 2;

const kindOf = (r: RequestLogEntry) =>
  r.path.includes('ref_ids=')
    ? 'refs'
    : r.path.startsWith('/v2/transfer/transfers')
      ? 'transfer-pages'
      : r.path.split('?')[0]!;

function countKinds(reads: readonly RequestLogEntry[]) {
  const counts: Record<string, number> = {};
  for (const r of reads) counts[kindOf(r)] = (counts[kindOf(r)] ?? 0) + 1;
  return counts;
}

/**
 * Reads no faster than the pace, as the service counts them: every window of reads and the run.
 * Not each gap alone: one read delayed in transit makes the next gap short without the service
 * seeing more reads in any window (a machine busy with other suites showed one of 86 ms), which
 * the windows still bound.
 */
function expectPaced(reads: readonly RequestLogEntry[]) {
  for (let i = 0; i + WINDOW <= reads.length; i++) {
    const span = reads[i + WINDOW - 1]!.received_ms - reads[i]!.received_ms;
    expect(span, `reads ${i}–${i + WINDOW - 1}`).toBeGreaterThanOrEqual(
      (WINDOW - 1) * PACE_MS - TRANSIT_MS,
    );
  }
  const span = reads.at(-1)!.received_ms - reads[0]!.received_ms;
  expect(span).toBeGreaterThanOrEqual((reads.length - 1) * PACE_MS - TRANSIT_MS);
}

describe.each(testDatabases)('reconciliation of a real day at pace, on $name', (database) => {
  let opened: { db: Db; second(): Promise<Db>; close(): Promise<void> };
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(() => opened.close());

  it(`reconciles ${RECORDS} records in one run, reading each page once, no faster than the pace`, async () => {
    const { h, reconciler } = await setUp(opened.db);
    const startedAt = Date.now();
    const within = period(startedAt);
    await busyDay(h, { transfers: TRANSFERS, from: within.from, prefix: 'day' });
    const before = (await h.log()).requests.length;

    const r = reconciler('process-a', { spacingMs: PACE_MS });
    const runId = await r.start(within, 'fiona');
    expect(await r.turn()).toMatchObject({ found: 0, opened: 0 });
    const [run] = await h.db.query<{ state: string; matched: number; reads: number }>(
      'select state, matched, reads from recon_runs where id = $1',
      [runId],
    );
    expect(run).toMatchObject({ state: 'done', matched: TRANSFERS, reads: READS });

    const reads = reconcileReads((await h.log()).requests.slice(before));
    // ceil(records / page size) per list: 50 groups of 100 refs, 10 pages of the period's
    // transfers, one of its orders and one of its orchestrations; no read twice.
    expect(countKinds(reads)).toEqual({
      refs: REF_GROUPS,
      'transfer-pages': TRANSFER_PAGES,
      '/v2/orders': 1,
      '/v2/orchestration/orchestrations': 1,
    });
    expect(Math.max(...timesRead(reads).values())).toBe(1);
    expect(reads.every((q) => q.status === 200)).toBe(true);
    expectPaced(reads);
  }, 180_000);

  it('resumes a run killed mid-way in another owner: the page in flight read twice, no other, the same result', async () => {
    const { h, reconciler } = await setUp(opened.db);
    const startedAt = Date.now();
    const within = period(startedAt);
    await busyDay(h, { transfers: TRANSFERS, from: within.from, prefix: 'cut' });
    const before = (await h.log()).requests.length;

    // Process a is killed while its 54th read is at the service: the groups of refs and three
    // pages of the period's transfers kept, the fourth page read but never kept.
    const KEPT = REF_GROUPS + 3;
    let sent = 0;
    const dying = createReconciler(
      {
        db: h.db,
        client: {
          send: async (request) => {
            const answer = await h.client.send(request);
            if (++sent > KEPT) throw new Error('the process was killed');
            return answer;
          },
        },
        owner: 'process-a',
        logger: logCollector().logger,
      },
      { ...RECONCILE_OPTIONS, spacingMs: PACE_MS, leaseMs: 1_000 },
    );
    const runId = await dying.start(within, 'fiona');
    await expect(dying.turn()).rejects.toThrow('killed');
    // Its lease runs out; process b, on a connection of its own, takes the run up.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const resumer = createReconciler(
      {
        db: await opened.second(),
        client: h.client,
        owner: 'process-b',
        logger: logCollector().logger,
      },
      { ...RECONCILE_OPTIONS, spacingMs: PACE_MS },
    );
    expect(await resumer.turn()).toMatchObject({ found: 0, opened: 0 });
    const cutReads = reconcileReads((await h.log()).requests.slice(before));

    // An uncut run of the same period (by the lease holder, unpaced), for what it reads and finds.
    const middle = (await h.log()).requests.length;
    const uncut = reconciler('process-b');
    const uncutId = await uncut.start(within, 'fiona');
    expect(await uncut.turn()).toMatchObject({ found: 0, opened: 0 });
    const uncutReads = reconcileReads((await h.log()).requests.slice(middle));

    const runs = await h.db.query<{ id: string; state: string; found: number; matched: number }>(
      'select id, state, found, matched from recon_runs where id = any($1::uuid[])',
      [[runId, uncutId]],
    );
    const cutRun = runs.find((x) => x.id === runId)!;
    const uncutRun = runs.find((x) => x.id === uncutId)!;
    expect(cutRun).toMatchObject({ state: 'done', matched: TRANSFERS, found: 0 });
    expect({ ...cutRun, id: '' }).toEqual({ ...uncutRun, id: '' });

    // Every page the uncut run reads, read by the cut one too; the one in flight twice, no other.
    const times = timesRead(cutReads);
    expect(cutReads).toHaveLength(uncutReads.length + 1);
    expect([...times.keys()].sort()).toEqual(uncutReads.map((q) => q.path).sort());
    const twice = [...times].filter(([, n]) => n > 1);
    expect(twice).toEqual([[cutReads[KEPT]!.path, 2]]);
    expect(kindOf(cutReads[KEPT]!)).toBe('transfer-pages');
    // Both owners at the pace, the handover included.
    expectPaced(cutReads);
  }, 180_000);
});
