import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import type { Difference } from './match';
import { createReconStore } from './recon-store';

beforeAll(() => sharedDb());

const FROM = '2026-11-01T00:00:00.000Z';
const TO = '2026-12-01T00:00:00.000Z';

const difference = (key: string, over: Partial<Difference> = {}): Difference => ({
  kind: 'amount',
  key,
  source: null,
  journal_id: 'j-1',
  record_type: 'transfer',
  record_id: 't-1',
  ref_id: 'r-1',
  journal_value: '125.50',
  service_value: '125.51',
  detail: 'The journal sent 125.50; the service holds 125.51.',
  subject_at: '2026-11-20T10:00:00.000Z',
  service_record: { id: 't-1', amount: '125.51' },
  ...over,
});

describe.each(testDatabases)('the reconciliation queue on $name', (database) => {
  let close: () => Promise<void>;
  afterEach(() => close());

  const open = async () => {
    const opened = await database.open();
    close = opened.close;
    await opened.db.exec(
      'delete from recon_events; delete from recon_differences; delete from recon_runs;',
    );
    const store = createReconStore(opened.db);
    const run = async (differences: Difference[], period = { from: FROM, to: TO }) => {
      const runId = randomUUID();
      await store.startRun({ id: runId, ...period, startedBy: 'fiona' });
      return store.recordFindings({ runId, ...period, differences });
    };
    return { db: opened.db, store, run };
  };

  const statusOf = async (db: Db, key: string) =>
    (
      await db.query<{ status: string; present: boolean; reopened: number }>(
        'select status, present, reopened from recon_differences where key = $1',
        [key],
      )
    )[0];

  it('queues each difference once, however many runs find it', async () => {
    const { store, run } = await open();
    expect(await run([difference('a'), difference('b', { kind: 'status' })])).toEqual({
      found: 2,
      opened: 2,
      reopened: 0,
      closed: 0,
    });
    expect(await run([difference('a'), difference('b', { kind: 'status' })])).toEqual({
      found: 2,
      opened: 0,
      reopened: 0,
      closed: 0,
    });
    const queue = await store.list({ status: 'open', limit: 10 });
    expect(queue.map((d) => d.key).sort()).toEqual(['a', 'b']);
    expect(queue.find((d) => d.key === 'a')).toMatchObject({
      kind: 'amount',
      journal_value: '125.50',
      service_value: '125.51',
      subject_at: '2026-11-20T10:00:00.000Z',
    });
  });

  it('closes by itself a difference a covering run no longer finds, and leaves other periods alone', async () => {
    const { db, store, run } = await open();
    await run(
      [difference('settled'), difference('october', { subject_at: '2026-10-15T00:00:00.000Z' })],
      { from: '2026-10-01T00:00:00.000Z', to: TO },
    );
    // November alone: the entry was settled; October is not this run's to judge.
    expect(await run([])).toMatchObject({ closed: 1 });
    expect(await statusOf(db, 'settled')).toEqual({
      status: 'closed',
      present: false,
      reopened: 0,
    });
    expect(await statusOf(db, 'october')).toMatchObject({ status: 'open', present: true });
    const [settled] = (await store.list({ status: 'closed', limit: 10 })).filter(
      (d) => d.key === 'settled',
    );
    expect((await store.events(settled!.id)).map((e) => [e.kind, e.reason])).toEqual([
      ['opened', null],
      ['closed', 'No longer differs.'],
    ]);
  });

  it('keeps a resolution while the difference stays, and opens it again when it recurs', async () => {
    const { db, store, run } = await open();
    await run([difference('a')]);
    const [item] = await store.list({ status: 'open', limit: 1 });
    expect(await store.assign(item!.id, 'frank', 'fiona')).toBe(true);
    expect(await store.resolve(item!.id, 'fiona', 'Fee charged by the bank; accepted.')).toBe(true);
    // Still there at the next run: the operator's word stands.
    await run([difference('a')]);
    expect(await statusOf(db, 'a')).toEqual({ status: 'resolved', present: true, reopened: 0 });
    // Gone, then back: it recurs.
    await run([]);
    expect(await statusOf(db, 'a')).toEqual({ status: 'resolved', present: false, reopened: 0 });
    expect(await run([difference('a')])).toMatchObject({ reopened: 1, opened: 0 });
    expect(await statusOf(db, 'a')).toEqual({ status: 'open', present: true, reopened: 1 });
    expect((await store.events(item!.id)).map((e) => [e.kind, e.actor, e.reason])).toEqual([
      ['opened', null, null],
      ['assigned', 'frank', 'fiona'],
      ['resolved', 'fiona', 'Fee charged by the bank; accepted.'],
      ['reopened', null, null],
    ]);
  });

  it('resolves only an open difference', async () => {
    const { store, run } = await open();
    await run([difference('a')]);
    const [item] = await store.list({ limit: 1 });
    expect(await store.resolve(item!.id, 'fiona', 'Checked.')).toBe(true);
    expect(await store.resolve(item!.id, 'frank', 'Again.')).toBe(false);
    expect(await store.assign(item!.id, 'frank', 'frank')).toBe(false);
    expect((await store.list({ limit: 1 }))[0]).toMatchObject({
      status: 'resolved',
      resolved_by: 'fiona',
      resolution: 'Checked.',
    });
  });
});
