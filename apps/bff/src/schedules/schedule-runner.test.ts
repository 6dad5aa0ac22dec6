import {
  DEMO_IDS,
  operations,
  occurrences,
  ScheduleTimingSchema,
  type ScheduleTimingInput,
} from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { logCollector, testUsers } from '../../test/harness';
import { sandboxHarness, type RunSecrets } from '../../test/sandbox-harness';
import { buildPolicy } from '../approvals/policy';
import type { Db } from '../db/db';
import { staticDirectory } from '../operators/operator-directory';
import { createJournalStore } from '../journal/journal-store';
import { createScheduleApprovals } from './schedule-approvals';
import { occurrenceLimits, type OccurrenceLimits } from './schedule-limits';
import { createScheduleRunner, SCHEDULE_RUNNER_JOB } from './schedule-runner';
import { scheduleRefId, type NewSeries } from './schedule-rows';
import { createScheduleStore } from './schedule-store';

const { treasury, payouts } = DEMO_IDS.profiles;
const checker = { id: 'admin', name: 'Test admin' };
const admin = { username: 'admin', display_name: 'Test admin', role: 'admin' } as const;
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Weekly on Monday and Wednesday at 09:00 London, from a Monday after the tests run. */
const WEEKLY: ScheduleTimingInput = {
  frequency: 'weekly',
  weekdays: ['mon', 'wed'],
  time: '09:00',
  time_zone: 'Europe/London',
  start_date: '2027-01-04',
  count: 6,
};
const at = (iso: string) => Date.parse(iso);

const series = (amount: string, extra: Partial<NewSeries> = {}): NewSeries => ({
  operation: 'createInternalTransfer',
  body: { from_profile_id: treasury, to_profile_id: payouts, asset: 'USD', amount },
  timing: ScheduleTimingSchema.parse(WEEKLY),
  catch_up: 'send_once',
  created_by: 'finance',
  created_by_name: 'Test finance',
  policy_version: null,
  requirements: [
    { approvals_required: 1, approver_roles: ['admin'], escalation: null, asked_by: 'each' },
  ],
  per_occurrence: { asset: 'USD', amount },
  occurrences: 6,
  total: null,
  ...extra,
});

describe.each(testDatabases)('the scheduler against the sandbox ($name)', (database) => {
  let db: Db;
  let second: Db;
  let close: () => Promise<void>;
  let h: Awaited<ReturnType<typeof sandboxHarness>>;
  beforeAll(async () => {
    const opened = await database.open();
    ({ db, close } = opened);
    second = await opened.second();
    h = await sandboxHarness({ alg: 'EdDSA', secrets, db });
  });
  afterAll(async () => {
    await h.close();
    await close();
  });

  let clock = 0;
  const runner = (
    owner: string,
    on: Db,
    options: { leaseMs?: number; stop?: () => string | null; limits?: OccurrenceLimits } = {},
  ) =>
    createScheduleRunner({
      db: on,
      dispatch: {
        journal: createJournalStore(on, undefined, { owner }),
        client: h.client,
        timeoutMs: 5_000,
      },
      owner,
      logger: logCollector().logger,
      now: () => clock,
      ...(options.leaseMs !== undefined && { leaseMs: options.leaseMs }),
      ...(options.stop && { stop: async () => options.stop!() }),
      ...(options.limits && { limits: options.limits }),
    });
  /** The internal transfers that reached the sandbox, whatever it answered, by ref_id. */
  const sentRefs = async () => {
    const counts = new Map<string, number>();
    for (const request of (await h.log()).requests) {
      if (request.path !== operations.createInternalTransfer.path) continue;
      const ref = (JSON.parse(request.body) as { ref_id: string }).ref_id;
      counts.set(ref, (counts.get(ref) ?? 0) + 1);
    }
    return counts;
  };
  const fresh = async (amount: string, extra: Partial<NewSeries> = {}) => {
    await db.exec(
      `delete from schedule_series; delete from job_leases where kind = '${SCHEDULE_RUNNER_JOB}'`,
    );
    const store = createScheduleStore(db);
    const made = await store.create(series(amount, extra));
    return { store, ...made };
  };
  const expectedRefs = (versionId: string, to: string) =>
    occurrences(ScheduleTimingSchema.parse(WEEKLY), { to: at(to) }).map((o) =>
      scheduleRefId(versionId, o.at),
    );

  it('sends nothing of a series nobody approved, and each due occurrence once after approval', async () => {
    const { store, series_id, version_id } = await fresh('1.01');
    const a = runner('process-a', db);
    clock = at('2027-01-06T09:00:30Z');
    expect(await a.wake()).toMatchObject({ held: true, journaled: 0 });
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    clock = at('2027-01-04T08:59:00Z');
    expect(await a.wake()).toMatchObject({ journaled: 0 });
    clock = at('2027-01-04T09:00:10Z');
    expect(await a.wake()).toMatchObject({ journaled: 1 });
    expect(await a.wake()).toMatchObject({ journaled: 0 });
    clock = at('2027-01-06T09:01:00Z');
    expect(await a.wake()).toMatchObject({ journaled: 1 });
    const sent = await sentRefs();
    const expected = expectedRefs(version_id, '2027-01-06T09:01:00Z');
    expect(expected).toHaveLength(2);
    expect(expected.map((ref) => sent.get(ref))).toEqual([1, 1]);
    const history = await store.history(series_id);
    expect(history.map((o) => [o.number, o.state, o.journal_state, o.late])).toEqual([
      [2, 'journaled', 'SUCCEEDED', false],
      [1, 'journaled', 'SUCCEEDED', false],
    ]);
    await a.stop();
  });

  it('after downtime, sends each missed occurrence once, late, when the series says send_once', async () => {
    const { store, series_id, version_id } = await fresh('1.02');
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    clock = at('2027-01-13T09:00:05Z');
    const a = runner('process-a', db);
    expect(await a.wake()).toMatchObject({ journaled: 4 });
    expect(await a.wake()).toMatchObject({ journaled: 0 });
    const sent = await sentRefs();
    expect(expectedRefs(version_id, '2027-01-13T09:01:00Z').map((ref) => sent.get(ref))).toEqual([
      1, 1, 1, 1,
    ]);
    const late = (await store.history(series_id)).map((o) => o.late);
    expect(late).toEqual([false, true, true, true]);
    await a.stop();
  });

  it('after downtime, skips what it missed when the series says skip, and sends what is due', async () => {
    const { store, series_id, version_id } = await fresh('1.03', { catch_up: 'skip' });
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    clock = at('2027-01-13T09:00:05Z');
    const a = runner('process-a', db);
    expect(await a.wake()).toMatchObject({ journaled: 1, skipped: 3 });
    const history = await store.history(series_id);
    expect(history.map((o) => o.state)).toEqual(['journaled', 'skipped', 'skipped', 'skipped']);
    expect(history[1]?.words).toMatch(/^Missed: due 2027-01-11 09:00 UTC while no scheduler ran/);
    const sent = await sentRefs();
    expect(expectedRefs(version_id, '2027-01-13T09:01:00Z').map((ref) => sent.get(ref))).toEqual([
      undefined,
      undefined,
      undefined,
      1,
    ]);
    await a.stop();
  });

  it('records an occurrence the rules in force refuse, in words, and goes on with the next', async () => {
    const { store, series_id, version_id } = await fresh('1.04');
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    let refusal: string | null = 'The destination is no longer in the book.';
    const a = runner('process-a', db, { stop: () => refusal });
    clock = at('2027-01-04T09:00:05Z');
    expect(await a.wake()).toMatchObject({ journaled: 0, refused: 1 });
    refusal = null;
    clock = at('2027-01-06T09:00:05Z');
    expect(await a.wake()).toMatchObject({ journaled: 1, refused: 0 });
    const history = await store.history(series_id);
    expect(history.map((o) => [o.number, o.state, o.words])).toEqual([
      [2, 'journaled', null],
      [1, 'refused', 'Not sent: The destination is no longer in the book.'],
    ]);
    expect((await sentRefs()).has(scheduleRefId(version_id, '2027-01-04T09:00:00Z'))).toBe(false);
    await a.stop();
  });

  it("counts each occurrence against its maker's limits at its time: one that would pass them is refused, in words", async () => {
    const { series_id, version_id } = await fresh('1.50');
    await db.exec('delete from journal_entries');
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    // Finance may initiate 3 USD a day: two occurrences fit, the third and fourth do not.
    const policy = buildPolicy({
      operations: { createInternalTransfer: { required: false } },
      limits: [{ role: 'finance', side: 'initiate', asset: 'USD', window: '24h', max: '3' }],
    });
    const limits = occurrenceLimits({
      policy,
      directory: staticDirectory(await testUsers()),
      now: Date.now,
    });
    clock = at('2027-01-13T09:00:05Z');
    expect(await runner('process-a', db, { limits }).wake()).toMatchObject({
      journaled: 2,
      refused: 2,
    });
    const history = await createScheduleStore(db).history(series_id);
    expect(history.map((o) => [o.number, o.state])).toEqual([
      [4, 'refused'],
      [3, 'refused'],
      [2, 'journaled'],
      [1, 'journaled'],
    ]);
    expect(history[0]?.words).toMatch(/^Not sent: it would pass .* of its maker$/);
    const sent = await sentRefs();
    expect(expectedRefs(version_id, '2027-01-13T09:01:00Z').map((ref) => sent.get(ref))).toEqual([
      1,
      1,
      undefined,
      undefined,
    ]);
  });

  it('two schedulers on one database, one cut off mid-run, send each occurrence exactly once', async () => {
    const { series_id, version_id } = await fresh('1.05');
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    clock = at('2027-01-20T09:00:05Z');
    // Process A stops dead after its second occurrence (as a kill would), its lease left held.
    let asked = 0;
    const a = runner('process-a', db, {
      leaseMs: 1_500,
      stop: () => {
        asked += 1;
        if (asked > 2) throw new Error('killed');
        return null;
      },
    });
    await expect(a.wake()).rejects.toThrow('killed');
    const beforeKill = await sentRefs();
    expect(
      expectedRefs(version_id, '2027-01-20T09:01:00Z').map((ref) => beforeKill.get(ref)),
    ).toEqual([1, 1, undefined, undefined, undefined, undefined]);
    const b = runner('process-b', second, { leaseMs: 1_500 });
    // B asks while A's lease holds, then again once it has lapsed, as a restarted A does.
    expect(await b.wake()).toMatchObject({ held: false });
    await sleep(1_600);
    const [fromB, fromA] = await Promise.all([
      b.wake(),
      runner('process-a', db, { leaseMs: 1_500 }).wake(),
    ]);
    expect(fromA.journaled + fromB.journaled).toBe(4);
    const sent = await sentRefs();
    const expected = expectedRefs(version_id, '2027-01-20T09:01:00Z');
    expect(expected).toHaveLength(6);
    expect(expected.map((ref) => sent.get(ref))).toEqual([1, 1, 1, 1, 1, 1]);
    await b.stop();
  });

  it('sends nothing of a paused series, skips what fell due while it was paused, and goes on once resumed', async () => {
    const { store, series_id, version_id } = await fresh('1.06');
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    await store.setState(series_id, 'pause', checker, { now: clock });
    clock = at('2027-01-04T09:00:05Z');
    const a = runner('process-a', db);
    expect(await a.wake()).toMatchObject({ journaled: 0 });
    await store.setState(series_id, 'resume', checker, { now: clock });
    expect(await a.wake()).toMatchObject({ journaled: 0, skipped: 0 });
    clock = at('2027-01-06T09:00:05Z');
    expect(await a.wake()).toMatchObject({ journaled: 1 });
    const history = await store.history(series_id);
    expect(history.map((o) => [o.number, o.state, o.words])).toEqual([
      [2, 'journaled', null],
      [1, 'skipped', 'Due while the schedule was paused: not sent'],
    ]);
    const sent = await sentRefs();
    expect(expectedRefs(version_id, '2027-01-06T09:01:00Z').map((ref) => sent.get(ref))).toEqual([
      undefined,
      1,
    ]);
    await a.stop();
  });
});
