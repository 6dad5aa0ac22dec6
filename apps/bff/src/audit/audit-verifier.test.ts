import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyTrail, journalEntry, securityEvent, tamper } from '../../test/audit-trail';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { notifyAppsOn } from '../../test/notify-harness';
import type { Db } from '../db/db';
import { createLogger } from '../logger';
import { auditKeyFromPem } from './audit-key';
import { verifyIfDue } from './audit-verifier';

beforeAll(() => sharedDb());

/** Runs `sql` on journal_entries as an attacker would: no trigger records the change. */
const attack = (db: Db, sql: string) =>
  db.exec(`alter table journal_entries disable trigger user; ${sql};
    alter table journal_entries enable trigger user;`);

describe.each(testDatabases)('the scheduled audit verification on $name', (database) => {
  const app = notifyAppsOn(database);

  it('tells the admins by email and chat once per failure, naming the row, and once when it verifies again', async () => {
    const n = await app();
    await emptyTrail(n.db);
    const key = await auditKeyFromPem(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const id = await journalEntry(n.db);
    await securityEvent(n.db);
    const a = {
      db: n.db,
      key,
      owner: 'process-a',
      intervalMs: 60_000,
      logger: createLogger('silent'),
    };
    const look = () => verifyIfDue(a);
    const subjects = () => n.mailTo('admin').map((m) => m.subject);

    // A clean trail: nobody is told, and a tree head is signed.
    expect(await look()).toEqual({ held: true, ok: true, told: null });
    const [signed] = await n.db.query<{ n: string }>(
      `select count(*)::text as n from audit_checkpoints`,
    );
    expect(signed!.n).toBe('1');
    // One process verifies at a time.
    expect(await verifyIfDue({ ...a, owner: 'process-b', db: await n.second() })).toEqual({
      held: false,
    });

    // One amount changed: the admins hear of it with the row, the column and the record.
    await attack(
      n.db,
      `update journal_entries set request_body = replace(request_body, '10.50', '10.59')
       where id = '${id}'`,
    );
    expect(await look()).toMatchObject({ ok: false, told: 'broken' });
    await n.settle();
    expect(subjects()).toEqual(['The audit trail does NOT verify']);
    const finding = `journal_entries ${id}: request_body CHANGED (record journal 2)`;
    expect(n.mailTo('admin')[0]!.text).toContain(finding);
    expect(n.mailTo('admin')[0]!.text).toContain('https://console.example/audit');
    // Nobody but the admins, and no value of the row in any message.
    expect(n.mailTo('finance')).toEqual([]);
    expect(n.hook.received).toHaveLength(1);
    expect(n.hook.received[0]!.json).toMatchObject({ kind: 'audit-broken' });
    expect(n.hook.received[0]!.json.text).toContain(finding);
    expect(n.hook.received[0]!.body).not.toContain('10.59');

    // The same failure found again tells nobody twice; another one tells again.
    expect(await look()).toMatchObject({ ok: false, told: null });
    await attack(n.db, `update journal_entries set operator = 'mallory' where id = '${id}'`);
    expect(await look()).toMatchObject({ ok: false, told: 'broken' });
    await n.settle();
    expect(subjects()).toHaveLength(2);
    expect(n.mailTo('admin')[1]!.text).toContain(
      `journal_entries ${id}: operator CHANGED (record journal 2)`,
    );

    // Put back: it verifies again, said once; no tree head was signed while it failed.
    await attack(
      n.db,
      `update journal_entries set request_body = replace(request_body, '10.59', '10.50'),
         operator = 'alice' where id = '${id}'`,
    );
    const [before] = await n.db.query<{ n: string }>(
      `select count(*)::text as n from audit_checkpoints`,
    );
    expect(before!.n).toBe('1');
    expect(await look()).toEqual({ held: true, ok: true, told: 'verified' });
    expect(await look()).toEqual({ held: true, ok: true, told: null });
    await n.settle();
    expect(subjects()).toEqual([
      'The audit trail does NOT verify',
      'The audit trail does NOT verify',
      'The audit trail verifies again',
    ]);
  });

  it('finds a tail cut with the database’s checkpoints against the checkpoint file', async () => {
    const n = await app();
    await emptyTrail(n.db);
    const key = await auditKeyFromPem(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const copyFile = join(mkdtempSync(join(tmpdir(), 'audit-verifier-')), 'checkpoints.jsonl');
    const a = {
      db: n.db,
      key,
      owner: 'process-a',
      intervalMs: 60_000,
      copyFile,
      logger: createLogger('silent'),
    };
    await journalEntry(n.db);
    await journalEntry(n.db);
    // The passing look signs the tree head of four journal records, copied to the file; the
    // attacker then cuts the second entry's records and every checkpoint of the database.
    expect(await verifyIfDue(a)).toMatchObject({ ok: true });
    await tamper(
      n.db,
      `delete from audit_records where chain = 'journal' and position > 2;
       delete from audit_checkpoints`,
    );
    expect(await verifyIfDue(a)).toMatchObject({ ok: false, told: 'broken' });
    await n.settle();
    expect(n.mailTo('admin')[0]!.text).toMatch(
      /journal: BROKEN at 3 \(missing: the chain ends at 2, but the checkpoint signed at .* names 4\)/,
    );
  });
});
