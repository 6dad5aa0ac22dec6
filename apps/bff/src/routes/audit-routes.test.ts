import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AuditExportSchema,
  AuditVerificationSchema,
  type AuditExport,
  type AuditVerification,
} from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { emptyTrail, journalEntry, openingEmptyTrail, tamper } from '../../test/audit-trail';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient, sharedDb, testApp } from '../../test/harness';
import type { Db } from '../db/db';
import { auditKeyFromPem, publicKeyFromPem, verifyDetached } from '../audit/audit-key';
import { verifyProofFile } from '../audit/audit-proof-verify';

const keyPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

async function appWithKey(given?: Db, checkpointFile?: string) {
  const db = given ?? (await sharedDb());
  await emptyTrail(db);
  const key = await auditKeyFromPem(keyPem());
  const h = await testApp({
    client: scriptedClient(echoSuccess).client,
    db,
    audit: { db, key, ...(checkpointFile ? { checkpointFile } : {}) },
  });
  return { ...h, key };
}

const checkpointFile = () => join(mkdtempSync(join(tmpdir(), 'audit-copy-')), 'checkpoints.jsonl');

describe('the audit routes', () => {
  it('show an auditor the verification of every chain, then the break after a change by SQL', async () => {
    const h = await appWithKey();
    const cookie = await h.signIn('auditor');
    await journalEntry(h.db);
    const clean = AuditVerificationSchema.parse(
      await (await h.get('/api/audit/verification', cookie)).json(),
    );
    expect(clean.ok).toBe(true);
    expect(clean.key).toMatchObject({ key_id: h.key.kid });
    await tamper(h.db, `delete from audit_records where chain = 'journal' and position = 1`);
    const res = await h.get('/api/audit/verification', cookie);
    const broken = (await res.json()) as AuditVerification;
    expect(broken.ok).toBe(false);
    expect(broken.chains.find((c) => c.chain === 'journal')!.break).toMatchObject({
      position: 1,
      kind: 'missing',
    });
  });

  it('sign a checkpoint on demand, and refuse to sign without an audit key', async () => {
    const h = await appWithKey();
    const cookie = await h.signIn('admin');
    const res = await h.post('/api/audit/checkpoints', cookie, {});
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ key_id: h.key.kid });

    const bare = await testApp({ client: scriptedClient(echoSuccess).client });
    const refused = await bare.post('/api/audit/checkpoints', await bare.signIn('admin'), {});
    expect(refused.status).toBe(409);
    const verified = await bare.get('/api/audit/verification', await bare.signIn('auditor'));
    expect(((await verified.json()) as AuditVerification).key).toBeNull();
  });

  it('report a cut tail that the file of checkpoints certifies, even with the database’s own checkpoints cut too', async () => {
    const file = checkpointFile();
    const h = await appWithKey(undefined, file);
    const admin = await h.signIn('admin');
    const auditor = await h.signIn('auditor');
    await journalEntry(h.db);
    expect((await h.post('/api/audit/checkpoints', admin, {})).status).toBe(201);
    await journalEntry(h.db);
    expect((await h.post('/api/audit/checkpoints', admin, {})).status).toBe(201);
    const verify = async () =>
      AuditVerificationSchema.parse(await (await h.get('/api/audit/verification', auditor)).json());
    expect((await verify()).ok).toBe(true);

    // The journal's last entry (positions 3 and 4) cut, and the database's checkpoints that name
    // it with it: the second, and the tree head the verification above signed (issue 57).
    await tamper(
      h.db,
      `delete from audit_records where chain = 'journal' and position > 2;
       delete from audit_checkpoints where id > (select min(id) from audit_checkpoints)`,
    );
    const report = await verify();
    expect(report.ok).toBe(false);
    const journal = report.chains.find((c) => c.chain === 'journal')!;
    expect(journal.break).toMatchObject({ position: 3, kind: 'missing' });
    expect(journal.break!.detail).toMatch(
      /the chain ends at 2, but the checkpoint signed at .* names 4/,
    );
    expect(journal.last_good.position).toBe(2);
    expect(report.checkpoints.count).toBe(3);
  });

  it('count a line of the checkpoint file that is not a checkpoint as forged, never a 500', async () => {
    const file = checkpointFile();
    const h = await appWithKey(undefined, file);
    await journalEntry(h.db);
    expect((await h.post('/api/audit/checkpoints', await h.signIn('admin'), {})).status).toBe(201);
    writeFileSync(file, '{"not":"a checkpoint"}\nnot json\n', { flag: 'a' });
    const res = await h.get('/api/audit/verification', await h.signIn('auditor'));
    expect(res.status).toBe(200);
    const report = AuditVerificationSchema.parse(await res.json());
    expect(report.ok).toBe(false);
    expect(report.chains.every((c) => c.ok)).toBe(true);
    expect(report.checkpoints.forged).toHaveLength(2);
  });

  it('refuse an export whose period ends before it begins, naming the field', async () => {
    const h = await appWithKey();
    const res = await h.post('/api/audit/exports', await h.signIn('auditor'), {
      kind: 'security',
      from: '2026-11-02',
      to: '2026-11-01',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ path: 'to' }] });
  });
});

// On PostgreSQL too, where a JSON parameter is not parsed for the statement (issue 68).
describe.each(testDatabases)('the audit routes on $name', (database) => {
  const open = openingEmptyTrail(database);

  it('export a period signed, verifiable with the public key they show, and record who asked', async () => {
    const { db } = await open();
    const h = await appWithKey(db);
    const cookie = await h.signIn('auditor');
    await journalEntry(h.db);
    const res = await h.post('/api/audit/exports', cookie, {
      kind: 'journal',
      from: '2000-01-01',
      to: '2100-01-01',
    });
    expect(res.status).toBe(200);
    const made: AuditExport = AuditExportSchema.parse(await res.json());
    expect(made.rows).toBe(1);
    const shown = AuditVerificationSchema.parse(
      await (await h.get('/api/audit/verification', cookie)).json(),
    );
    const publicKey = publicKeyFromPem(shown.key!.public_key_pem);
    const bytes = new TextEncoder().encode(made.csv);
    expect(await verifyDetached(made.signature, bytes, publicKey)).toEqual({
      valid: true,
      kid: h.key.kid,
    });
    // Its proofs check offline with the same public key: the entry's two records (created, then
    // its state) and the export's own record; a changed proof does not.
    const proven = await verifyProofFile(made.proofs, publicKey);
    expect(proven.ok).toBe(true);
    expect((JSON.parse(made.proofs) as { records: unknown[] }).records).toHaveLength(3);
    const forged = made.proofs.replace(
      /"path":\["([0-9a-f])/,
      (_, c: string) => `"path":["${c === '0' ? '1' : '0'}`,
    );
    expect(forged).not.toBe(made.proofs);
    expect((await verifyProofFile(forged, publicKey)).ok).toBe(false);
    const [record] = await h.db.query<{ content: string }>(
      `select content from audit_records where chain = 'audit' and kind = 'export'`,
    );
    const fields: unknown = JSON.parse(record!.content);
    expect(fields).toMatchObject({ actor: 'auditor', export_kind: 'journal', rows: 1 });
    expect(shown.chains.find((c) => c.chain === 'audit')).toMatchObject({ records: 1, ok: true });
  });
});
