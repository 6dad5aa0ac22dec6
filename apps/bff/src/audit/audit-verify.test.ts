import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import {
  approvalEvent,
  emptyTrail,
  openingEmptyTrail,
  journalEntry,
  securityEvent,
  tamper,
} from '../../test/audit-trail';
import type { Db } from '../db/db';
import { canonicalJson, recordHash } from './audit-canonical';
import { createLogger } from '../logger';
import { createCheckpoint } from './audit-checkpoint';
import { checkpointIfDue } from './audit-checkpointer';
import { auditKeyFromPem } from './audit-key';
import { sealPending } from './audit-sealer';
import { verifyAuditTrail } from './audit-verify';

beforeAll(() => sharedDb());

const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe.each(testDatabases)('the audit trail on $name', (database) => {
  const open = openingEmptyTrail(database);

  /**
   * Three journal entries (six records), two approval events, three security events; their
   * records sealed unless `sealed` is false.
   */
  const fill = async (db: Db, sealed = true) => {
    const ids = [
      await journalEntry(db),
      await journalEntry(db, 'REJECTED'),
      await journalEntry(db),
    ];
    await approvalEvent(db, ids[0]!, 'submitted');
    await approvalEvent(db, ids[0]!, 'approved');
    for (const name of ['alice', 'bob', 'carol']) await securityEvent(db, name);
    if (sealed) await sealPending(db);
    return ids;
  };

  const breakOf = async (db: Db, chain: string, publicKey?: KeyObject) => {
    const report = await verifyAuditTrail(db, publicKey ? { publicKey } : {});
    expect(report.ok).toBe(false);
    return report.chains.find((c) => c.chain === chain)!;
  };

  it('records every journal state change, approval event and security event, and verifies', async () => {
    const { db } = await open();
    await fill(db, false);
    // Written by the changes, pending until sealed: no record on a chain yet, and no break.
    const before = await verifyAuditTrail(db);
    expect(before.ok).toBe(true);
    expect(before.chains.map((c) => c.records)).toEqual([0, 0, 0, 0]);
    expect(before.pending).toMatchObject({ count: 11 });
    expect(before.pending.oldestAt).not.toBeNull();
    expect(await sealPending(db)).toBe(11);
    const report = await verifyAuditTrail(db);
    expect(report.ok).toBe(true);
    expect(report.pending).toEqual({ count: 0, oldestAt: null, lagSeconds: 0 });
    expect(report.chains.map((c) => [c.chain, c.records, c.lastGood.position])).toEqual([
      ['journal', 6, 6],
      ['approvals', 2, 2],
      ['security', 3, 3],
      ['audit', 0, 0],
    ]);
    const [first] = await db.query<{ content: string; prev_hash: string; hash: string }>(
      `select content, prev_hash, hash from audit_records where chain = 'journal' and position = 2`,
    );
    const content = JSON.parse(first!.content) as Record<string, string>;
    expect(content).toMatchObject({ state: 'SUCCEEDED', previous_state: 'SENDING', position: 2 });
    expect(content.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    // The database's canonical form is the documented one, and its hash is the documented hash.
    expect(canonicalJson(JSON.parse(first!.content) as never)).toBe(first!.content);
    expect(recordHash(first!.prev_hash, first!.content)).toBe(first!.hash);
  });

  it('records an entry’s events in the journal chain and an approval’s in the approvals chain, each as its own kind', async () => {
    const { db } = await open();
    const id = await journalEntry(db);
    await db.query(
      `insert into journal_events (journal_id, kind, actor, actor_name, detail, at)
       values ($1, 'resent', 'alice', 'Alice', 'the service did not answer', now())`,
      [id],
    );
    await approvalEvent(db, id, 'approved');
    await sealPending(db);
    const records = await db.query<{ chain: string; kind: string; content: string }>(
      `select chain, kind, content from audit_records
       where kind in ('entry-event', 'approval-event') order by chain`,
    );
    expect(
      records.map((r) => ({ chain: r.chain, kind: r.kind, ...JSON.parse(r.content) })),
    ).toEqual([
      expect.objectContaining({
        chain: 'approvals',
        kind: 'approval-event',
        journal_id: id,
        event_kind: 'approved',
        actor: 'bob',
      }),
      expect.objectContaining({
        chain: 'journal',
        kind: 'entry-event',
        journal_id: id,
        event_kind: 'resent',
        actor: 'alice',
        detail: 'the service did not answer',
      }),
    ]);
    expect((await verifyAuditTrail(db)).ok).toBe(true);
  });

  it('writes the canonical form of strings that need escaping as JSON.stringify does', async () => {
    const { db } = await open();
    const awkward = 'Zoë "quoted" \\ back\nline\ttab \u0001 ✓ 😀';
    await securityEvent(db, awkward);
    await sealPending(db);
    const [row] = await db.query<{ content: string }>(
      `select content from audit_records where chain = 'security'`,
    );
    const parsed = JSON.parse(row!.content) as Record<string, never>;
    expect(parsed.username).toBe(awkward);
    expect(canonicalJson(parsed)).toBe(row!.content);
  });

  it('records nothing of a change that was rolled back', async () => {
    const { db } = await open();
    await expect(
      db.transaction(async (tx) => {
        await journalEntry(tx);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    const [head] = await db.query<{ count: string }>(
      `select (select count(*) from audit_records where chain = 'journal')
         + (select count(*) from audit_pending) as count`,
    );
    expect(Number(head!.count)).toBe(0);
  });

  it('refuses to change or remove a record through the console’s own statements', async () => {
    const { db } = await open();
    await securityEvent(db);
    await expect(db.exec(`update audit_pending set content_head = '{'`)).rejects.toThrow(
      /append-only/,
    );
    await sealPending(db);
    await expect(db.exec(`update audit_records set content = '{}'`)).rejects.toThrow(/append-only/);
    await expect(db.exec(`delete from audit_records`)).rejects.toThrow(/append-only/);
  });

  it.each([
    {
      how: 'one byte of a record’s content changed',
      sql: `update audit_records set content = replace(content, '"REJECTED"', '"SUCCEEDED"')
            where chain = 'journal' and position = 4`,
      position: 4,
      kind: 'changed',
      lastGood: 3,
    },
    {
      how: 'a record changed and re-hashed',
      sql: `update audit_records set content = replace(content, '"REJECTED"', '"SUCCEEDED"'),
              hash = encode(sha256(convert_to(prev_hash || E'\\n' ||
                replace(content, '"REJECTED"', '"SUCCEEDED"'), 'UTF8')), 'hex')
            where chain = 'journal' and position = 4`,
      position: 4,
      kind: 'changed',
      lastGood: 3,
    },
    {
      how: 'a record’s kind column changed',
      sql: `update audit_records set kind = 'entry-created' where chain = 'journal' and position = 4`,
      position: 4,
      kind: 'changed',
      lastGood: 3,
    },
    {
      how: 'a record deleted',
      sql: `delete from audit_records where chain = 'journal' and position = 3`,
      position: 3,
      kind: 'missing',
      lastGood: 2,
    },
    {
      how: 'a record deleted and the rest renumbered',
      sql: `delete from audit_records where chain = 'journal' and position = 3;
            update audit_records set position = -position where chain = 'journal' and position > 3;
            update audit_records set position = -position - 1 where chain = 'journal' and position < 0`,
      position: 3,
      kind: 'missing',
      lastGood: 2,
    },
    {
      how: 'the chain’s tail cut',
      sql: `delete from audit_records where chain = 'journal' and position > 4`,
      position: 5,
      kind: 'missing',
      lastGood: 4,
    },
    {
      how: 'two records swapped',
      sql: `update audit_records set position = 0 where chain = 'journal' and position = 3;
            update audit_records set position = 3 where chain = 'journal' and position = 4;
            update audit_records set position = 4 where chain = 'journal' and position = 0`,
      position: 3,
      kind: 'reordered',
      lastGood: 2,
    },
  ])('names the first bad record of the journal chain when $how', async (t) => {
    const { db } = await open();
    await fill(db);
    // A cut tail is seen against the last signed head; the other breaks by the hashes alone.
    const key = await auditKeyFromPem(pem());
    await createCheckpoint(db, key);
    await tamper(db, t.sql);
    const chain = await breakOf(db, 'journal', key.publicKey);
    expect(chain.break).toMatchObject({ position: t.position, kind: t.kind });
    expect(chain.lastGood.position).toBe(t.lastGood);
  });

  it.each([
    {
      chain: 'approvals',
      sql: `update audit_records set content = replace(content, '"Bob"', '"Eve"')
            where chain = 'approvals' and position = 2`,
      kind: 'changed',
      position: 2,
    },
    {
      // Far past a page of positions: the walk skips the empty ranges and still reads it (a
      // walk that stopped at the first empty range would see a chain of 5, whole).
      chain: 'journal',
      sql: `update audit_records set position = 1000000 where chain = 'journal' and position = 6`,
      kind: 'missing',
      position: 6,
    },
    {
      chain: 'security',
      sql: `delete from audit_records where chain = 'security' and position = 2`,
      kind: 'missing',
      position: 2,
    },
    {
      chain: 'security',
      sql: `update audit_records set position = 0 where chain = 'security' and position = 1;
            update audit_records set position = 1 where chain = 'security' and position = 3;
            update audit_records set position = 3 where chain = 'security' and position = 0`,
      kind: 'reordered',
      position: 1,
    },
  ])('names a $kind record of the $chain chain', async (t) => {
    const { db } = await open();
    await fill(db);
    await tamper(db, t.sql);
    const chain = await breakOf(db, t.chain);
    expect(chain.break).toMatchObject({ position: t.position, kind: t.kind });
  });

  it('detects a rewrite of a whole chain against an earlier signed checkpoint', async () => {
    const { db } = await open();
    const key = await auditKeyFromPem(pem());
    await fill(db);
    const checkpoint = await createCheckpoint(db, key);
    await journalEntry(db);
    await sealPending(db);
    // The attacker rewrites every record from position 2 on and re-hashes the rest, heads too.
    const rows = await db.query<{ position: string; content: string; prev_hash: string }>(
      `select position, content, prev_hash from audit_records where chain = 'journal'
       order by position`,
    );
    let prev = rows[0]!.prev_hash;
    const statements: string[] = [];
    for (const row of rows) {
      const content =
        Number(row.position) === 4 ? row.content.replace('"REJECTED"', '"SUCCEEDED"') : row.content;
      const hash = recordHash(prev, content);
      statements.push(
        `update audit_records set content = '${content}', prev_hash = '${prev}', hash = '${hash}'
         where chain = 'journal' and position = ${row.position}`,
      );
      prev = hash;
    }
    await tamper(db, statements.join(';\n'));

    const report = await verifyAuditTrail(db, { publicKey: key.publicKey });
    const journal = report.chains.find((c) => c.chain === 'journal')!;
    expect(report.ok).toBe(false);
    expect(journal.break).toMatchObject({ position: 6, kind: 'changed' });
    expect(journal.lastGoodCheckpoint).toBeNull();
    expect(report.chains.find((c) => c.chain === 'security')!.lastGoodCheckpoint).toMatchObject({
      id: checkpoint.id,
      position: 3,
    });
  });

  it('names a checkpoint whose signature does not hold, and a cut tail behind a checkpoint', async () => {
    const { db } = await open();
    const key = await auditKeyFromPem(pem());
    await fill(db);
    await createCheckpoint(db, key);
    await tamper(db, `delete from audit_records where chain = 'security' and position = 3`);
    const report = await verifyAuditTrail(db, { publicKey: key.publicKey });
    expect(report.chains.find((c) => c.chain === 'security')!.break).toMatchObject({
      position: 3,
      kind: 'missing',
    });
    const other = await auditKeyFromPem(pem());
    const forged = await verifyAuditTrail(db, { publicKey: other.publicKey });
    expect(forged.checkpoints.forged).toHaveLength(1);
    expect(forged.ok).toBe(false);
  });

  it('keeps each chain linear when two processes append at once', async () => {
    const { db, second } = await open();
    const other = await second();
    await Promise.all([
      ...Array.from({ length: 20 }, () => journalEntry(db)),
      ...Array.from({ length: 20 }, () => journalEntry(other)),
      ...Array.from({ length: 10 }, () => securityEvent(db)),
      ...Array.from({ length: 10 }, () => securityEvent(other)),
    ]);
    await sealPending(db);
    const report = await verifyAuditTrail(db);
    expect(report.ok).toBe(true);
    expect(report.chains.find((c) => c.chain === 'journal')!.records).toBe(80);
    expect(report.chains.find((c) => c.chain === 'security')!.records).toBe(10 + 10);
  });
});

describe.each(testDatabases)('the periodic checkpoint on $name', (database) => {
  it('is signed by the lease holder only, and only when a head moved', async () => {
    const { db, second, close } = await database.open();
    try {
      await emptyTrail(db);
      await db.exec(`delete from job_leases where kind = 'audit-checkpoint'`);
      const key = await auditKeyFromPem(pem());
      const base = { key, intervalMs: 60_000, logger: createLogger('silent') };
      const a = { ...base, db, owner: 'process-a' };
      const b = { ...base, db: await second(), owner: 'process-b' };
      await securityEvent(db);
      expect(await checkpointIfDue(a)).toBe(true);
      expect(await checkpointIfDue(b)).toBe(false);
      expect(await checkpointIfDue(a)).toBe(false);
      await journalEntry(db);
      expect(await checkpointIfDue(a)).toBe(true);
      const report = await verifyAuditTrail(db, { publicKey: key.publicKey });
      expect(report.checkpoints.count).toBe(2);
      expect(report.chains.find((c) => c.chain === 'journal')!.lastGoodCheckpoint).toMatchObject({
        position: 2,
      });
    } finally {
      await close();
    }
  });
});
