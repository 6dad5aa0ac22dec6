import { DEMO_IDS, ScheduleTimingSchema } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { scheduleRefId, type NewSeries } from './schedule-rows';
import { createScheduleStore } from './schedule-store';

const { treasury, payouts } = DEMO_IDS.profiles;
const maker = { id: 'finance', name: 'Test finance' };
const checker = { id: 'admin', name: 'Test admin' };

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
    await expect(store.approve(version_id, maker)).rejects.toMatchObject({
      init: { status: 409, detail: 'Whoever made a schedule cannot approve it.' },
    });
    await store.approve(version_id, checker);
    await expect(store.approve(version_id, checker)).rejects.toMatchObject({
      init: { status: 409 },
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
    expect((await store.actions(series_id)).map((a) => [a.action, a.operator])).toEqual([
      ['create', 'finance'],
      ['approve', 'admin'],
    ]);
  });

  it('decides an occurrence once, whichever connection asks, with its derived ref_id', async () => {
    const store = createScheduleStore(db);
    const other = createScheduleStore(await second());
    const { series_id, version_id } = await store.create(newSeries('11.00'));
    await store.approve(version_id, checker);
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
    await store.approve(version_id, checker);
    const { created_by, created_by_name, body, timing, catch_up, policy_version } = newSeries();
    const edited = await store.edit(series_id, {
      created_by,
      created_by_name,
      timing,
      catch_up,
      policy_version,
      body: { ...body, amount: '13.00' },
    });
    const inForce = () => store.inForce().then((all) => all.find((s) => s.series_id === series_id));
    expect(await inForce()).toMatchObject({ version_id, body: { amount: '12.00' } });
    await store.approve(edited, checker);
    expect(await inForce()).toMatchObject({ version_id: edited, body: { amount: '13.00' } });
    await expect(store.approve(version_id, checker)).rejects.toMatchObject({
      init: { status: 409 },
    });
  });

  it('pauses, resumes and cancels as recorded actions, in force only while active', async () => {
    const store = createScheduleStore(db);
    const { series_id, version_id } = await store.create(newSeries('14.00'));
    await store.approve(version_id, checker);
    const active = async () => (await store.inForce()).some((s) => s.series_id === series_id);
    await store.setState(series_id, 'pause', checker);
    expect(await active()).toBe(false);
    await expect(store.setState(series_id, 'pause', checker)).rejects.toMatchObject({
      init: { status: 409 },
    });
    await store.setState(series_id, 'resume', maker);
    expect(await active()).toBe(true);
    await store.setState(series_id, 'cancel', maker, 'no longer needed');
    expect(await active()).toBe(false);
    await expect(store.setState(series_id, 'resume', maker)).rejects.toMatchObject({
      init: { status: 409 },
    });
    await expect(
      store.setState('00000000-0000-4000-8000-000000000000', 'pause', maker),
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
    await store.approve(version_id, checker);
    const at = '2026-12-14T09:00:00.000Z';
    expect(await store.skip(series_id, { due_at: at, number: 2 }, maker)).toBe(true);
    expect(await store.skip(series_id, { due_at: at, number: 2 }, maker)).toBe(false);
    expect(await store.decide(db, due(version_id, at, 2))).toBe(false);
    expect(await store.history(series_id)).toEqual([
      expect.objectContaining({ due_at: at, state: 'skipped', words: 'Skipped by Test finance' }),
    ]);
  });
});
