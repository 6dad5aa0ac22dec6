import { DEMO_IDS } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { repeatedRows } from './batch-repeats';
import { BatchAlreadyUploaded, createBatchStore, type NewBatch } from './batch-store';

const { treasury, payouts, trading } = DEMO_IDS.profiles;

/** A payout of `amount` USD to `to`, with a note. */
const payout = (amount: string, note: string, to: string = payouts) => ({
  from_profile_id: treasury,
  to_profile_id: to,
  asset: 'USD',
  amount,
  metadata: { note },
});

type Body = ReturnType<typeof payout>;

/** A batch of `bodies` in the given order, uploaded by `by`; its rows hash covers that order. */
const batchOf = (bodies: Body[], name = 'payouts.csv', by = 'finance'): NewBatch => ({
  operation: 'createInternalTransfer',
  file_name: name,
  created_by: by,
  created_by_name: `Test ${by}`,
  columns: ['amount'],
  mapping: { amount: 'amount' },
  rows_hash: bodies.map((b) => `${b.amount}/${b.metadata.note}`).join('|'),
  rows: bodies.map((body, i) => ({
    row: i + 1,
    cells: { amount: body.amount },
    body,
    excluded: false,
    reason: null,
  })),
  totals: [],
  by_destination: [],
  largest: [],
  approvals_required: 1,
  approver_roles: ['finance', 'admin'],
  requirements: [],
  policy_version: null,
});

const march = [payout('100.00', 'inv 1'), payout('250.50', 'inv 2'), payout('75', 'inv 3')];
const admin = { username: 'admin', display_name: 'Test admin', role: 'admin' as const };

describe.each(testDatabases)('payouts asked twice, on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  beforeEach(() => db.exec('delete from batches'));
  afterAll(() => close());

  it('refuses the rows of a batch again in another order, under another name, naming it', async () => {
    const store = createBatchStore(db);
    const first = await store.create(batchOf(march));
    // Reordered, an amount written with a trailing zero more, under another file name.
    const reordered = [march[2]!, { ...march[0]!, amount: '100.000' }, march[1]!];
    const error = await store.create(batchOf(reordered, 'payouts (2).csv')).catch((e) => e);
    expect(error).toBeInstanceOf(BatchAlreadyUploaded);
    expect((error as BatchAlreadyUploaded).earlier).toMatchObject({
      batch_id: first.id,
      state: 'awaiting_approval',
      file_name: 'payouts.csv',
      created_by: 'finance',
      created_by_name: 'Test finance',
      created_at: first.created_at,
      same_order: false,
    });
    expect(await store.findRepeat('createInternalTransfer', batchOf(reordered).rows)).toMatchObject(
      { batch_id: first.id },
    );
    expect(await db.query('select id from batches')).toHaveLength(1);
  });

  it('takes a batch with a row more, or a row fewer, as a new batch', async () => {
    const store = createBatchStore(db);
    await store.create(batchOf(march));
    await expect(store.create(batchOf(march.slice(0, 2), 'fewer.csv'))).resolves.toMatchObject({
      state: 'awaiting_approval',
    });
    const more = [...march, payout('1', 'inv 4')];
    await expect(store.create(batchOf(more, 'more.csv'))).resolves.toMatchObject({
      state: 'awaiting_approval',
    });
  });

  it('takes the rows of a rejected or cancelled batch again, and of one older than the window', async () => {
    const store = createBatchStore(db, { repeatDays: 7 });
    const rejected = await store.create(batchOf(march));
    expect((await store.reject(rejected.id, 'admin', 'wrong month')).ok).toBe(true);
    const cancelled = await store.create(batchOf([...march].reverse(), 'again.csv'));
    expect((await store.cancel(cancelled.id, 'finance', 'wrong date')).ok).toBe(true);
    const old = await store.create(batchOf([march[1]!, march[0]!, march[2]!], 'third.csv'));
    await expect(store.create(batchOf([march[1]!, march[2]!, march[0]!]))).rejects.toBeInstanceOf(
      BatchAlreadyUploaded,
    );
    await db.query(
      `update batches set created_at = now() - interval '8 days' where id = $1::uuid`,
      [old.id],
    );
    await expect(
      store.create(batchOf([march[1]!, march[2]!, march[0]!], 'fourth.csv')),
    ).resolves.toMatchObject({ state: 'awaiting_approval' });
  });

  it('lists each row repeating a row of an earlier batch, and approves only one who saw them', async () => {
    const store = createBatchStore(db);
    const first = await store.create(batchOf(march));
    const other = await store.create(batchOf([payout('75', 'inv 3'), payout('9', 'x', trading)]));
    // Row 1 new, row 2 repeats the first's row 2, row 3 repeats row 3 of both.
    const next = await store.create(
      batchOf([payout('5', 'inv 9'), payout('250.5', 'inv 2'), payout('75.00', 'inv 3')], 'n.csv'),
    );
    expect(next.repeats?.days).toBe(7);
    expect(next.repeats?.total).toBe(2);
    expect(next.repeats?.rows).toEqual([
      {
        row: 2,
        earlier: [expect.objectContaining({ batch_id: first.id, row: 2, row_state: 'waiting' })],
      },
      {
        row: 3,
        earlier: [
          expect.objectContaining({
            batch_id: first.id,
            file_name: 'payouts.csv',
            batch_state: 'awaiting_approval',
            created_by_name: 'Test finance',
            row: 3,
          }),
          expect.objectContaining({ batch_id: other.id, row: 1 }),
        ],
      },
    ]);
    // Listed up to a number; counted whole.
    expect(await repeatedRows(db, next.id, 7, 1)).toMatchObject({ total: 2, rows: [{ row: 2 }] });
    // The earlier batches see nothing of the later one: it is that one's approver who is told.
    expect((await store.get(first.id))?.repeats?.rows).toEqual([]);
    expect(await store.approve(next.id, admin, next.rows_hash)).toMatchObject({
      ok: false,
      reason: 'repeats',
    });
    expect(await store.approve(next.id, admin, next.rows_hash, 1)).toMatchObject({
      ok: false,
      reason: 'repeats',
    });
    expect(await store.approve(next.id, admin, next.rows_hash, 2)).toMatchObject({
      ok: true,
      batch: { state: 'sending' },
    });
  });

  it('stops counting an earlier batch once rejected, and of a cancelled one the rows never sent', async () => {
    const store = createBatchStore(db);
    const first = await store.create(batchOf(march));
    const next = await store.create(batchOf([march[0]!, payout('3', 'new')], 'next.csv'));
    expect((await store.get(next.id))?.repeats?.rows.map((r) => r.row)).toEqual([1]);
    await store.cancel(first.id, 'finance', 'stopped');
    expect((await store.get(next.id))?.repeats?.rows).toEqual([]);
    // A cancelled batch's row that had left still counts.
    await db.query(
      `update batch_rows set journal_id = 'j-sent' where batch_id = $1::uuid and row_no = 1`,
      [first.id],
    );
    expect((await store.get(next.id))?.repeats?.rows.map((r) => r.row)).toEqual([1]);
    expect(await store.approve(next.id, admin, next.rows_hash)).toMatchObject({
      reason: 'repeats',
    });
    const later = await store.create(batchOf([payout('3', 'new'), payout('4', 'new')], 'l.csv'));
    expect((await store.get(later.id))?.repeats?.rows.map((r) => r.row)).toEqual([1]);
    await store.reject(next.id, 'admin', 'duplicate');
    expect((await store.get(later.id))?.repeats?.rows).toEqual([]);
  });

  it('gives batches stored before content keys theirs, and finds their repeats', async () => {
    const first = await createBatchStore(db).create(batchOf(march));
    await db.query('update batch_rows set content_key = null');
    await db.query('update batches set content_hash = null');
    // A new process: it keys the older batches before it compares with them.
    const store = createBatchStore(db);
    await expect(store.create(batchOf([...march].reverse(), 'x.csv'))).rejects.toMatchObject({
      earlier: { batch_id: first.id },
    });
    const rows = await db.query<{ content_key: string | null }>(
      'select content_key from batch_rows where batch_id = $1::uuid',
      [first.id],
    );
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.content_key ?? ''))).toBe(true);
  });
});
