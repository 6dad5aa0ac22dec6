import { DEMO_IDS, ScheduleTimingSchema } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { scheduleRefId, type NewSeries } from './schedule-rows';
import { createScheduleApprovals } from './schedule-approvals';
import { readSchedules } from './schedule-reads';
import { createScheduleStore } from './schedule-store';

const { treasury, payouts } = DEMO_IDS.profiles;
const maker = { id: 'finance', name: 'Test finance' };
const checker = { id: 'admin', name: 'Test admin' };
/** The scheduler's clock at a resume: before the series' first occurrence. */
const NOW = Date.parse('2026-12-01T00:00:00Z');
const admin = { username: 'admin', display_name: 'Test admin', role: 'admin' } as const;
const ONE_APPROVAL = {
  approvals_required: 1,
  approver_roles: ['admin', 'finance'],
  escalation: null,
  asked_by: 'each occurrence',
};

const newSeries = (amount = '10.00'): NewSeries => ({
  operation: 'createInternalTransfer',
  body: { from_profile_id: treasury, to_profile_id: payouts, asset: 'USD', amount },
  timing: ScheduleTimingSchema.parse({
    frequency: 'weekly',
    weekdays: ['mon'],
    time: '09:00',
    time_zone: 'Europe/London',
    start_date: '2026-12-07',
  }),
  catch_up: 'send_once',
  created_by: maker.id,
  created_by_name: maker.name,
  policy_version: 3,
  requirements: [ONE_APPROVAL],
  per_occurrence: { asset: 'USD', amount },
  occurrences: null,
  total: null,
});

const due = (versionId: string, at: string, number = 1) => ({
  version_id: versionId,
  due_at: at,
  number,
  state: 'refused' as const,
  words: 'refused in a test',
  decided_by: 'scheduler',
});

describe('the ref_id of an occurrence', () => {
  it('is the same for the same version and instant, however the instant is written', () => {
    const a = scheduleRefId('7b1e0c7e-0000-4000-8000-000000000001', '2026-12-07T09:00:00Z');
    expect(a).toBe(
      scheduleRefId('7b1e0c7e-0000-4000-8000-000000000001', '2026-12-07T09:00:00.000Z'),
    );
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    ['another instant', '7b1e0c7e-0000-4000-8000-000000000001', '2026-12-14T09:00:00Z'],
    ['another version', '7b1e0c7e-0000-4000-8000-000000000002', '2026-12-07T09:00:00Z'],
  ])('differs for %s', (_why, version, at) => {
    const a = scheduleRefId('7b1e0c7e-0000-4000-8000-000000000001', '2026-12-07T09:00:00Z');
    expect(scheduleRefId(version, at)).not.toBe(a);
  });
});

describe.each(testDatabases)('the schedule store on $name', (database) => {
  let db: Db;
  let second: () => Promise<Db>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, second, close } = await database.open());
    await db.exec('delete from schedule_series');
  });
  afterAll(() => close());

  it('puts a series in force only once someone other than its author approves it', async () => {
    const store = createScheduleStore(db);
    const { series_id, version_id } = await store.create(newSeries());
    expect((await store.inForce()).map((s) => s.series_id)).not.toContain(series_id);
    const approvals = createScheduleApprovals(db);
    const finance = { username: 'finance', display_name: 'Test finance', role: 'finance' } as const;
    expect(await approvals.approve(series_id, version_id, finance)).toEqual({
      ok: false,
      reason: 'own',
    });
    expect(await approvals.approve(series_id, version_id, { ...admin, role: 'viewer' })).toEqual({
      ok: false,
      reason: 'role',
    });
    expect(await approvals.approve(series_id, version_id, admin)).toEqual({
      ok: true,
      inForce: true,
    });
    expect(await approvals.approve(series_id, version_id, admin)).toEqual({
      ok: false,
      reason: 'state',
    });
    const inForce = (await store.inForce()).find((s) => s.series_id === series_id);
    expect(inForce).toMatchObject({
      version_id,
      operation: 'createInternalTransfer',
      body: { amount: '10.00' },
      timing: { frequency: 'weekly', weekdays: ['mon'] },
      catch_up: 'send_once',
      policy_version: 3,
      last_due_at: null,
    });
    expect((await store.actions(series_id)).map((a) => [a.action, a.by])).toEqual([
      ['create', 'finance'],
      ['approve', 'admin'],
    ]);
  });

  it('decides an occurrence once, whichever connection asks, with its derived ref_id', async () => {
    const store = createScheduleStore(db);
    const other = createScheduleStore(await second());
    const { series_id, version_id } = await store.create(newSeries('11.00'));
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    const at = '2026-12-07T09:00:00.000Z';
    const decided = await Promise.all([
      store.decide(db, due(version_id, at)),
      other.decide(db, due(version_id, at)),
      store.decide(db, due(version_id, at)),
    ]);
    expect(decided.filter(Boolean)).toHaveLength(1);
    const history = await store.history(series_id);
    expect(history).toEqual([
      expect.objectContaining({
        due_at: at,
        number: 1,
        state: 'refused',
        ref_id: scheduleRefId(version_id, at),
      }),
    ]);
    const inForce = (await store.inForce()).find((s) => s.series_id === series_id);
    expect(inForce?.last_due_at).toBe(at);
  });

  it('keeps the version in force while an edit awaits approval, then supersedes it', async () => {
    const store = createScheduleStore(db);
    const { series_id, version_id } = await store.create(newSeries('12.00'));
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    const { operation: _, ...unchanged } = newSeries();
    const edited = await store.edit(series_id, {
      ...unchanged,
      body: { ...unchanged.body, amount: '13.00' },
    });
    const inForce = () => store.inForce().then((all) => all.find((s) => s.series_id === series_id));
    expect(await inForce()).toMatchObject({ version_id, body: { amount: '12.00' } });
    await createScheduleApprovals(db).approve(series_id, edited, admin);
    expect(await inForce()).toMatchObject({ version_id: edited, body: { amount: '13.00' } });
    expect(await createScheduleApprovals(db).approve(series_id, version_id, admin)).toEqual({
      ok: false,
      reason: 'state',
    });
  });

  it('pauses, resumes and cancels as recorded actions, in force only while active', async () => {
    const store = createScheduleStore(db);
    const { series_id, version_id } = await store.create(newSeries('14.00'));
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    const active = async () => (await store.inForce()).some((s) => s.series_id === series_id);
    await store.setState(series_id, 'pause', checker, { now: NOW });
    expect(await active()).toBe(false);
    await expect(store.setState(series_id, 'pause', checker, { now: NOW })).rejects.toMatchObject({
      init: { status: 409 },
    });
    await store.setState(series_id, 'resume', maker, { now: NOW });
    expect(await active()).toBe(true);
    await store.setState(series_id, 'cancel', maker, { reason: 'no longer needed', now: NOW });
    expect(await active()).toBe(false);
    await expect(store.setState(series_id, 'resume', maker, { now: NOW })).rejects.toMatchObject({
      init: { status: 409 },
    });
    await expect(
      store.setState('00000000-0000-4000-8000-000000000000', 'pause', maker, { now: NOW }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect((await store.actions(series_id)).map((a) => a.action)).toEqual([
      'create',
      'approve',
      'pause',
      'resume',
      'cancel',
    ]);
  });

  it('skips an occurrence ahead of its time, so that it is never decided again', async () => {
    const store = createScheduleStore(db);
    const { series_id, version_id } = await store.create(newSeries('15.00'));
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    const at = '2026-12-14T09:00:00.000Z';
    expect(await store.skip(series_id, { due_at: at, number: 2 }, maker)).toBe(true);
    expect(await store.skip(series_id, { due_at: at, number: 2 }, maker)).toBe(false);
    expect(await store.decide(db, due(version_id, at, 2))).toBe(false);
    expect(await store.history(series_id)).toEqual([
      expect.objectContaining({ due_at: at, state: 'skipped', words: 'Skipped by Test finance' }),
    ]);
  });

  it('reads a series as the API shows it: versions, approvals, next occurrences and history', async () => {
    const store = createScheduleStore(db);
    const { series_id, version_id } = await store.create(newSeries('16.00'));
    const now = Date.parse('2026-12-08T00:00:00Z');
    const [awaiting] = await readSchedules(db, now, series_id);
    expect(awaiting).toMatchObject({
      in_force: null,
      awaiting: { id: version_id, requirements: [{ given: 0, met: false }], approvals: [] },
    });
    await createScheduleApprovals(db).approve(series_id, version_id, admin);
    await store.decide(db, due(version_id, '2026-12-07T09:00:00.000Z'));
    await store.skip(series_id, { due_at: '2026-12-14T09:00:00.000Z', number: 2 }, maker);
    const [read] = await readSchedules(db, now, series_id);
    expect(read).toMatchObject({
      awaiting: null,
      in_force: {
        id: version_id,
        requirements: [{ given: 1, met: true }],
        approvals: [{ by: 'admin', name: 'Test admin' }],
        timing_words: 'Every week on Monday at 09:00 (Europe/London), from 2026-12-07, with no end',
      },
    });
    expect(read!.history.map((o) => [o.number, o.state])).toEqual([
      [2, 'skipped'],
      [1, 'refused'],
    ]);
    expect(read!.next.map((o) => o.due_at).slice(0, 2)).toEqual([
      '2026-12-21T09:00:00.000Z',
      '2026-12-28T09:00:00.000Z',
    ]);
    expect(read!.actions.map((a) => a.action)).toEqual(['create', 'approve', 'skip']);
    const listed = await readSchedules(db, now);
    expect(listed.map((s) => s.id)).toContain(series_id);
  });
});
