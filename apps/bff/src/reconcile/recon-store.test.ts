import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createJournalStore } from '../journal/journal-store';
import type { Difference } from './match-types';
import { journalSide, readRun, recentRuns } from './recon-reads';
import { createReconStore } from './recon-store';

const FROM = '2026-11-01T00:00:00.000Z';
const TO = '2026-12-01T00:00:00.000Z';

/** A timestamp as the browser's contract carries it. */
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

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
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  // Each test reads the whole queue and every run.
  beforeEach(async () => {
    await opened.db.exec(
      'delete from recon_events; delete from recon_differences; delete from recon_matches; delete from recon_runs;',
    );
  });

  const open = async () => {
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

  it('keeps the legs a difference names, as the last run that found it named them', async () => {
    const { store, run } = await open();
    const unjournaled = (legs: Difference['legs']) =>
      difference('unjournaled:transfer:t-1', {
        kind: 'unjournaled',
        source: 'other',
        journal_id: null,
        legs,
      });
    await run([unjournaled([])]);
    const credit = { id: 't-2', type: 'INTERNAL_TRANSFER_CREDIT', profile_id: 'p-b' };
    await run([unjournaled([credit])]);
    const [queued] = await store.list({ status: 'open', limit: 10 });
    expect(queued).toMatchObject({ key: 'unjournaled:transfer:t-1', legs: [credit] });
    await run([difference('a')]);
    expect((await store.list({ limit: 10 })).find((d) => d.key === 'a')?.legs).toEqual([]);
  });

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

  it('reads a run back as the browser is sent it, from its start to its end', async () => {
    const { db, store } = await open();
    const runId = randomUUID();
    await store.startRun({ id: runId, from: FROM, to: TO, startedBy: 'fiona' });
    const started = await readRun(db, runId);
    expect(started).toEqual({
      id: runId,
      from: FROM,
      to: TO,
      started_by: 'fiona',
      state: 'running',
      reads: 0,
      found: null,
      opened: null,
      closed: null,
      matched: null,
      error: null,
      started_at: expect.stringMatching(UTC),
      finished_at: null,
    });
    await store.recordFindings({
      runId,
      from: FROM,
      to: TO,
      differences: [difference('a'), difference('b', { kind: 'status' })],
      matches: [
        {
          journal_id: 'j-2',
          record_type: 'transfer',
          record_id: 't-2',
          ref_id: 'r-2',
          subject_at: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    const done = await readRun(db, runId);
    // Counts are numbers, as the contract says, on both databases.
    expect(done).toEqual({
      ...started,
      state: 'done',
      found: 2,
      opened: 2,
      closed: 0,
      matched: 1,
      finished_at: expect.stringMatching(UTC),
    });
    expect(done!.finished_at! >= done!.started_at).toBe(true);
    expect(await readRun(db, randomUUID())).toBeUndefined();
  });

  it('lists the newest runs first, as many as asked', async () => {
    const { db, store } = await open();
    // Started in another order than they are listed: the list goes by when each started.
    const started = [
      ['fiona', '2026-11-22T10:00:00.000Z'],
      ['frank', '2026-11-22T12:00:00.000Z'],
      ['daily', '2026-11-22T11:00:00.000Z'],
    ] as const;
    const ids: string[] = [];
    for (const [startedBy, at] of started) {
      const id = randomUUID();
      await store.startRun({ id, from: FROM, to: TO, startedBy });
      await db.query('update recon_runs set started_at = $2::timestamptz where id = $1', [id, at]);
      ids.push(id);
    }
    expect((await recentRuns(db, 2)).map((r) => [r.id, r.started_by, r.started_at])).toEqual([
      [ids[1], 'frank', '2026-11-22T12:00:00.000Z'],
      [ids[2], 'daily', '2026-11-22T11:00:00.000Z'],
    ]);
    expect(await recentRuns(db, 20)).toHaveLength(3);
  });

  it("reads the journal's side of a difference: the body as sent and the service's answer", async () => {
    const { db } = await open();
    const journal = createJournalStore(db, () => new Date('2026-11-20T10:00:00.000Z'));
    // Spaces and key order as sent: the route shows the bytes that went to the service.
    const body = '{"amount": "125.50", "asset": "USD", "ref_id": "r-1"}';
    const entry = await journal.create({
      operation: 'createInternalTransfer',
      operator: 'fiona',
      operator_name: 'Fiona Finance',
      ref_id: `r-${randomUUID()}`,
      method: 'POST',
      request_path: '/v2/transfer/internal',
      request_body: body,
      request_id: randomUUID(),
    });
    await journal.recordOutcome(entry.id, {
      state: 'SUCCEEDED',
      attempts: 1,
      response_status: 200,
      response: { id: 't-1', status: 'PENDING', amount: '125.50' },
      error: null,
    });
    expect(await journalSide(db, entry.id)).toEqual({
      id: entry.id,
      operation: 'createInternalTransfer',
      state: 'SUCCEEDED',
      operator: 'fiona',
      created_at: '2026-11-20T10:00:00.000Z',
      request_body: body,
      response: { id: 't-1', status: 'PENDING', amount: '125.50' },
    });
    expect(await journalSide(db, randomUUID())).toBeUndefined();
  });
});
