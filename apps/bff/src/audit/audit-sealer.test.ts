import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvalEvent,
  journalEntry,
  openingEmptyTrail,
  securityEvent,
} from '../../test/audit-trail';
import { countingStatements, testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import type { Db, Queryable } from '../db/db';
import { createLogger } from '../logger';
import { AUDIT_LOCK } from './audit-checkpoint';
import {
  AUDIT_SEAL_JOB,
  PGLITE_SEAL_BATCH,
  pendingRecords,
  SEAL_BATCH,
  sealIfHolder,
  sealPending,
  startSealer,
} from './audit-sealer';
import { verifyAuditTrail } from './audit-verify';

beforeAll(() => sharedDb());

const count = async (db: Queryable, sql: string) =>
  Number((await db.query<{ n: string | number }>(`select count(*) as n from ${sql}`))[0]!.n);

/** Each chain verifies, its positions 1 to n without a gap, and nothing is pending. */
async function linear(db: Db) {
  const report = await verifyAuditTrail(db);
  expect(report.chains.filter((c) => !c.ok)).toEqual([]);
  expect(report.ok).toBe(true);
  const rows = await db.query<{ chain: string; n: string; top: string }>(
    `select chain, count(*)::text as n, max(position)::text as top from audit_records group by chain`,
  );
  for (const row of rows) expect(row.n).toBe(row.top);
  return report;
}

describe.each(testDatabases)('the audit sealer on $name', (database) => {
  const open = openingEmptyTrail(database);

  it('a change writes its record pending, in its transaction, taking no advisory lock', async () => {
    const { db } = await open();
    const locks = await db.transaction(async (tx) => {
      await journalEntry(tx);
      await securityEvent(tx);
      // The deferred triggers fire now rather than at commit: what the commit would do.
      await tx.exec('set constraints all immediate');
      const advisory = `pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`;
      const bySend = await count(tx, advisory);
      // The control: the lock the appenders took before is seen when taken.
      await tx.query('select pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
      return [bySend, await count(tx, advisory)];
    });
    expect(locks).toEqual([0, 1]);
    expect(await count(db, 'audit_pending')).toBe(3);
    expect(await count(db, 'audit_records')).toBe(0);
  });

  it.skipIf(database.name === 'PGlite')(
    'commits changes while another connection holds the chains’ lock (two processes)',
    async () => {
      const { db, second } = await open();
      const other = await second();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const taken = new Promise<void>((resolve) => (locked = resolve));
      const holder = db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
        locked();
        await held;
      });
      await taken;
      // Were a send to take the lock, these would wait for the holder, which waits for them.
      const sends = Promise.all([journalEntry(other), journalEntry(other), securityEvent(other)]);
      const outcome = await Promise.race([
        sends.then(() => 'committed'),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      release();
      await holder;
      await sends;
      expect(outcome).toBe('committed');
      expect(await count(db, 'audit_pending')).toBe(5);
    },
  );

  it('seals in smaller batches on PGlite, whose one connection a batch holds', async () => {
    const { db } = await open();
    await db.query(
      `insert into journal_entries (id, operation, operator, operator_name, ref_id, state,
         method, request_path, request_body, body_sha256, request_id, created_at, updated_at)
       select 'batch-' || i, 'createInternalTransfer', 'op', 'Op', 'ref-batch-' || i, 'SENDING',
         'POST', '/v2/transfer/internal', '{}', encode(sha256(convert_to('{}', 'UTF8')), 'hex'),
         'req', now(), now()
       from generate_series(1, $1::int) i`,
      [PGLITE_SEAL_BATCH + 50],
    );
    const { db: counted, seen } = countingStatements(db);
    expect(await sealPending(counted)).toBe(PGLITE_SEAL_BATCH + 50);
    // One statement per batch: 100 and 50 on PGlite, all 150 at once on PostgreSQL.
    expect(seen.statements).toBe(database.name === 'PGlite' ? 2 : 1);
    expect(PGLITE_SEAL_BATCH).toBeLessThan(SEAL_BATCH);
    await linear(db);
  });

  it('seals in id order, each chain from its head, as one linear chain', async () => {
    const { db } = await open();
    const first = await journalEntry(db);
    await approvalEvent(db, first, 'submitted');
    await securityEvent(db);
    expect(await sealPending(db, { batch: 2 })).toBe(4);
    const second = await journalEntry(db);
    await approvalEvent(db, second, 'approved');
    expect(await sealPending(db)).toBe(3);
    const journal = await db.query<{ subject: string; kind: string; position: string }>(
      `select subject, kind, position::text as position from audit_records
       where chain = 'journal' order by position`,
    );
    expect(journal.map((r) => [r.position, r.subject, r.kind])).toEqual([
      ['1', first, 'entry-created'],
      ['2', first, 'entry-state'],
      ['3', second, 'entry-created'],
      ['4', second, 'entry-state'],
    ]);
    expect(await pendingRecords(db)).toEqual({ count: 0, oldestAt: null, lagSeconds: 0 });
    await linear(db);
  });

  it('loses nothing and seals nothing twice when a seal is cut mid-way (rolled back)', async () => {
    const { db } = await open();
    for (let i = 0; i < 3; i += 1) await journalEntry(db);
    await expect(
      db.transaction(async (tx) => {
        expect(await sealPending(tx, { batch: 4, maxBatches: 1 })).toBe(4);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await count(db, 'audit_pending')).toBe(6);
    expect(await count(db, 'audit_records')).toBe(0);
    expect(await sealPending(db)).toBe(6);
    expect(await sealPending(db)).toBe(0);
    expect(await count(db, 'audit_records')).toBe(6);
    await linear(db);
  });

  it('keeps each chain linear, no gap and no fork, when two processes write and seal at once', async () => {
    const { db, second } = await open();
    const other = await second();
    const writes = (on: Db) => [
      ...Array.from({ length: 15 }, () => journalEntry(on)),
      ...Array.from({ length: 10 }, () => securityEvent(on)),
    ];
    const seals = (on: Db) => Array.from({ length: 6 }, () => sealPending(on, { batch: 7 }));
    const sealed = await Promise.all([
      ...writes(db),
      ...writes(other),
      ...seals(db),
      ...seals(other),
    ]);
    const total =
      sealed.filter((n): n is number => typeof n === 'number').reduce((a, b) => a + b, 0) +
      (await sealPending(db));
    expect(total).toBe(2 * (30 + 10));
    expect(await count(db, 'audit_pending')).toBe(0);
    const report = await linear(db);
    expect(report.chains.find((c) => c.chain === 'journal')!.records).toBe(60);
    expect(report.chains.find((c) => c.chain === 'security')!.records).toBe(20);
    // Every change once: one record per entry and kind.
    expect(await count(db, `(select subject, kind from audit_records group by 1, 2) s`)).toBe(
      60 + 20,
    );
  });

  it.skipIf(database.name === 'PGlite')(
    'seals a record committed late with a lower id after those sealed before it',
    async () => {
      const { db, second } = await open();
      const other = await second();
      let commit!: () => void;
      const go = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const pending = new Promise<void>((resolve) => (written = resolve));
      const late = db.transaction(async (tx) => {
        await journalEntry(tx);
        await tx.exec('set constraints all immediate');
        written();
        await go;
      });
      await pending;
      await journalEntry(other);
      expect(await sealPending(other)).toBe(2);
      commit();
      await late;
      expect(await sealPending(other)).toBe(2);
      await linear(db);
      expect(await count(db, 'audit_records')).toBe(4);
    },
  );

  it('is sealed by the holder of the lease only', async () => {
    const { db, second } = await open();
    await db.exec(`delete from job_leases where kind = '${AUDIT_SEAL_JOB}'`);
    const base = { intervalMs: 1_000, logger: createLogger('silent') };
    await journalEntry(db);
    expect(await sealIfHolder({ ...base, db, owner: 'process-a' })).toBe(2);
    await securityEvent(db);
    expect(await sealIfHolder({ ...base, db: await second(), owner: 'process-b' })).toBeNull();
    expect((await pendingRecords(db)).count).toBe(1);
    expect(await sealIfHolder({ ...base, db, owner: 'process-a' })).toBe(1);
    await linear(db);
  });

  it('seals what is left when stopped in order, before its interval comes', async () => {
    const { db } = await open();
    await db.exec(`delete from job_leases where kind = '${AUDIT_SEAL_JOB}'`);
    const stop = await startSealer({
      db,
      owner: 'process-a',
      intervalMs: 60_000,
      logger: createLogger('silent'),
    });
    await journalEntry(db);
    expect((await pendingRecords(db)).count).toBe(2);
    await stop();
    expect((await pendingRecords(db)).count).toBe(0);
    await linear(db);
  });
});
