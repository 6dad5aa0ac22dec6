import { DEMO_IDS } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sealPending } from '../audit/audit-sealer';
import { verifyAuditTrail } from '../audit/audit-verify';
import type { Db } from '../db/db';
import { createServicePacer } from '../upstream/service-pace';
import { BatchAlreadyUploaded, createBatchStore, type NewBatch } from './batch-store';

const { treasury, payouts } = DEMO_IDS.profiles;

const newBatch = (hash: string, rows = 3): NewBatch => ({
  operation: 'createInternalTransfer',
  file_name: 'store.csv',
  created_by: 'finance',
  created_by_name: 'Test finance',
  columns: ['amount'],
  mapping: { amount: 'amount' },
  rows_hash: hash,
  rows: Array.from({ length: rows }, (_, i) => ({
    row: i + 1,
    cells: { amount: `${i + 1}.00` },
    body: {
      from_profile_id: treasury,
      to_profile_id: payouts,
      asset: 'USD',
      amount: `${i + 1}.00`,
      // Each test's batch pays its own rows: the same rows again are one batch (issue 64).
      metadata: { upload: hash.slice(0, 6) },
    },
    excluded: i === rows - 1,
    reason: i === rows - 1 ? 'Excluded at upload.' : null,
  })),
  totals: [{ asset: 'USD', amount: '3', rows: 2 }],
  by_destination: [],
  largest: [{ asset: 'USD', amount: '2', rows: 1 }],
  approvals_required: 2,
  approver_roles: ['finance', 'admin'],
  requirements: [
    {
      approvals_required: 2,
      approver_roles: ['finance', 'admin'],
      escalation: null,
      asked_by: 'rows',
    },
  ],
  policy_version: 4,
});

describe.each(testDatabases)('the batch store on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
    await db.exec('delete from batches; delete from service_pace');
  });
  afterAll(() => close());

  it('stores a batch with its rows, counts them by state, and refuses the same rows twice', async () => {
    const store = createBatchStore(db);
    const batch = await store.create(newBatch('a'.repeat(64)));
    expect(batch).toMatchObject({
      state: 'awaiting_approval',
      row_count: 3,
      counts: { waiting: 2, excluded: 1, succeeded: 0 },
      approvals_required: 2,
      policy_version: 4,
      approvals: [],
      changes: null,
    });
    await expect(store.create(newBatch('a'.repeat(64)))).rejects.toBeInstanceOf(
      BatchAlreadyUploaded,
    );
    const page = await store.rows(batch.id, { q: '2.00', limit: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ row: 2, state: 'waiting', ref_id: null });
  });

  it('searches only the columns it is given, so that a masked cell cannot be found by a search', async () => {
    const store = createBatchStore(db);
    const batch = await store.create({
      ...newBatch('c'.repeat(64), 2),
      columns: ['amount', 'Beneficiary name'],
      mapping: { amount: 'amount', 'Beneficiary name': '' },
      rows: newBatch('c'.repeat(64), 2).rows.map((row) => ({
        ...row,
        cells: { ...row.cells, 'Beneficiary name': `Grace Hopperton ${row.row}` },
      })),
    });
    const found = async (q: string, searchColumns?: string[]) =>
      (await store.rows(batch.id, { q, searchColumns })).total;
    expect(await found('Hopperton')).toBe(2);
    expect(await found('Hopperton', ['amount'])).toBe(0);
    expect(await found('2.00', ['amount'])).toBe(1);
    expect(await found('Hopperton 2', ['amount', 'Beneficiary name'])).toBe(1);
  });

  it('is sending only once every requirement is met by approvals from its own roles', async () => {
    const store = createBatchStore(db);
    const batch = await store.create({
      ...newBatch('7'.repeat(64)),
      requirements: [
        { approvals_required: 1, approver_roles: ['admin'], escalation: null, asked_by: 'row 1' },
        {
          approvals_required: 2,
          approver_roles: ['finance', 'admin'],
          escalation: { lift_roles: ['admin'], reason: 'over the limit' },
          asked_by: 'row 2',
        },
      ],
    });
    const who = (username: string, role: 'finance' | 'admin') => ({
      username,
      display_name: username,
      role,
    });
    const one = await store.approve(batch.id, who('f2', 'finance'), batch.rows_hash);
    expect(one.ok && one.batch.requirements.map((r) => [r.given, r.met])).toEqual([
      [0, false],
      [1, false],
    ]);
    // A second finance approval meets neither: the admin row, and the escalation asks an admin.
    expect(await store.approve(batch.id, who('f3', 'finance'), batch.rows_hash)).toMatchObject({
      ok: false,
      reason: 'adds-nothing',
    });
    const two = await store.approve(batch.id, who('a2', 'admin'), batch.rows_hash);
    expect(two).toMatchObject({ ok: true, batch: { state: 'sending' } });
    expect(two.ok && two.batch.requirements.map((r) => [r.given, r.met])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('reads a batch stored without its requirements as the one it was decided with', async () => {
    const store = createBatchStore(db);
    const batch = await store.create({ ...newBatch('8'.repeat(64)), requirements: [] });
    expect(batch.requirements).toEqual([
      {
        approvals_required: 2,
        approver_roles: ['finance', 'admin'],
        escalation: null,
        asked_by: 'every row',
        given: 0,
        met: false,
      },
    ]);
  });

  it('needs as many approvals as decided, one per operator, before it is sending', async () => {
    const store = createBatchStore(db);
    const batch = await store.create(newBatch('b'.repeat(64)));
    const who = (username: string, role: 'finance' | 'admin' | 'support' = 'finance') => ({
      username,
      display_name: username,
      role,
    });
    expect(await store.approve(batch.id, who('finance'), batch.rows_hash)).toMatchObject({
      ok: false,
      reason: 'own',
    });
    expect(await store.approve(batch.id, who('s', 'support'), batch.rows_hash)).toMatchObject({
      ok: false,
      reason: 'role',
    });
    expect(await store.approve(batch.id, who('f2'), 'c'.repeat(64))).toMatchObject({
      ok: false,
      reason: 'hash',
    });
    const one = await store.approve(batch.id, who('f2'), batch.rows_hash);
    expect(one).toMatchObject({ ok: true, batch: { state: 'awaiting_approval' } });
    expect(await store.approve(batch.id, who('f2'), batch.rows_hash)).toMatchObject({
      ok: false,
      reason: 'again',
    });
    const two = await store.approve(batch.id, who('admin', 'admin'), batch.rows_hash);
    expect(two).toMatchObject({ ok: true, batch: { state: 'sending' } });
    expect(two.ok && two.batch.approvals.map((a) => a.by)).toEqual(['f2', 'admin']);
    const cancelled = await store.cancel(batch.id, 'admin', 'wrong month');
    expect(cancelled).toMatchObject({
      ok: true,
      batch: { state: 'cancelled', counts: { not_sent: 2, excluded: 1 } },
    });
    // The audit trail's approvals chain tells the batch's life (once sealed), and still verifies.
    await sealPending(db);
    const records = await db.query<{ kind: string; content: string }>(
      `select kind, content from audit_records where chain = 'approvals' and subject = $1
       order by position`,
      [batch.id],
    );
    expect(records.map((r) => r.kind)).toEqual([
      'batch-uploaded',
      'batch-approval',
      'batch-approval',
      'batch-state',
      'batch-state',
    ]);
    expect(JSON.parse(records[0]!.content)).toMatchObject({ rows_hash: batch.rows_hash });
    expect(JSON.parse(records[4]!.content)).toMatchObject({
      from: 'sending',
      state: 'cancelled',
      cancelled_by: 'admin',
      reason: 'wrong month',
    });
    expect((await verifyAuditTrail(db)).ok).toBe(true);
  });

  it('compares a later upload of the same file name row by row, by the rows each kept to send', async () => {
    const store = createBatchStore(db);
    // Rows 1–2 kept, row 3 left out; then rows 1–3 kept (row 2 changed), row 4 left out.
    const first = await store.create({ ...newBatch('d'.repeat(64)), file_name: 'changes.csv' });
    const changed = newBatch('e'.repeat(64), 4);
    changed.rows[1]!.cells = { amount: '9.00' };
    const second = await store.create({ ...changed, file_name: 'changes.csv' });
    const expected = {
      earlier_batch_id: first.id,
      earlier_state: 'awaiting_approval',
      added: [3],
      removed: [],
      changed: [2],
    };
    expect(second.changes).toEqual(expected);
    // A check of the same file against the second says the same of its rows, in the same way.
    const again = changed.rows.map((r) => ({ row: r.row, cells: r.cells }));
    again[2]!.cells = { amount: '3.50' };
    expect(await store.changesAgainst('createInternalTransfer', 'changes.csv', again)).toEqual({
      earlier_batch_id: second.id,
      earlier_state: 'awaiting_approval',
      added: [4],
      removed: [],
      changed: [3],
    });
  });

  it('hands out paced slots one interval apart, across connections', async () => {
    const pacer = createServicePacer(db, { percent: 80 });
    const started = performance.now();
    // 16 a second for internal transfers: 9 slots take at least 8 intervals of 63 ms.
    await Promise.all(Array.from({ length: 9 }, () => pacer.slot('/v2/transfer/internal')));
    expect(performance.now() - started).toBeGreaterThanOrEqual(8 * 62);
  });
});
