import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleInput, type DecisionChallenge } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient } from '../../test/harness';
import { registerPasskey } from '../../test/passkey-kit';
import { defaultPolicy } from '../approvals/policy';
import { signedExport } from '../audit/audit-export';
import { auditKeyFromPem } from '../audit/audit-key';
import type { Db } from '../db/db';
import { verifyProof } from '../passkeys/proof-verify';
import { chainedEvidence, verifyApprovalCommand } from './verify-approval';

/*
 * A signed approval checked offline (issue 61): with what the trail chained and the body sent,
 * by the proof alone; one changed byte of the body, the statement or the signature fails it.
 */

/** One byte of base64url bytes changed: the last (within the signature's `s`), or the first. */
function flipByte(text: string, at: 'first' | 'last'): string {
  const bytes = Buffer.from(text, 'base64url');
  const i = at === 'first' ? 0 : bytes.length - 1;
  bytes[i] = bytes[i]! ^ 0x01;
  return bytes.toString('base64url');
}

describe.each(testDatabases)('audit:verify-approval ($name)', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let id: string;
  let proof: Record<string, string>;
  let body: string;

  beforeAll(async () => {
    const opened = await database.open();
    db = opened.db;
    close = opened.close;
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: defaultPolicy(),
      db,
    });
    const [key, passkey] = await registerPasskey(h, 'finance2', 'YubiKey 5C');
    expect((await h.post(`/api/passkeys/${passkey.id}/confirm`, h.cookies.admin, {})).status).toBe(
      200,
    );
    const held = await h.submit('createInternalTransfer', exampleInput('createInternalTransfer'));
    id = held.journal.id;
    const challenge = (await (
      await h.post(`/api/approvals/${id}/challenge`, h.cookies.finance2, { decision: 'approve' })
    ).json()) as DecisionChallenge;
    const approved = await h.post(`/api/approvals/${id}/approve`, h.cookies.finance2, {
      passkey: key.sign(challenge.challenge),
    });
    expect(approved.status).toBe(200);
    const evidence = await chainedEvidence(db, id);
    expect(evidence.decisions).toHaveLength(1);
    proof = JSON.parse(evidence.decisions[0]!.proof) as Record<string, string>;
    body = evidence.body!;
  });
  afterAll(() => close());

  it('holds with the chained proof, the chained body hash and the body sent', async () => {
    const open = async () => Object.assign(Object.create(db) as Db, { close: async () => {} });
    const outcome = await verifyApprovalCommand({ entry: id }, open);
    expect(outcome.text).toContain('approved by finance2');
    expect(outcome.text).toContain(`"entry_id":"${id}"`);
    expect(outcome.text).not.toContain('FAIL');
    expect(outcome.code).toBe(0);
  });

  const statementWith = (change: Record<string, string>) =>
    JSON.stringify({ ...(JSON.parse(proof.statement!) as object), ...change }).replace(/\s/g, '');

  it.each([
    { name: 'nothing changed', edit: () => ({ proof, body }), fails: [] as string[] },
    {
      name: 'one byte of the body',
      edit: () => ({ proof, body: body.replace(/\d/, (d) => String((Number(d) + 1) % 10)) }),
      fails: ['body'],
    },
    {
      name: 'one byte of the statement',
      edit: () => ({
        proof: { ...proof, statement: proof.statement!.replace('"approve"', '"approvf"') },
        body,
      }),
      fails: ['statement', 'challenge'],
    },
    {
      name: 'the statement of another body',
      edit: () => ({
        proof: { ...proof, statement: statementWith({ body_sha256: '0'.repeat(64) }) },
        body,
      }),
      fails: ['body', 'challenge'],
    },
    {
      name: 'one byte of the signature',
      edit: () => ({ proof: { ...proof, signature: flipByte(proof.signature!, 'last') }, body }),
      fails: ['signature'],
    },
    {
      name: "the signature's first byte (no longer DER)",
      edit: () => ({ proof: { ...proof, signature: flipByte(proof.signature!, 'first') }, body }),
      fails: ['signature'],
    },
    {
      name: 'one byte of the authenticator data (its counter)',
      edit: () => ({
        proof: { ...proof, authenticator_data: flipByte(proof.authenticator_data!, 'last') },
        body,
      }),
      fails: ['signature'],
    },
    {
      name: 'another RP ID',
      edit: () => ({ proof: { ...proof, rp_id: 'console.evil' }, body }),
      fails: ['RP ID'],
    },
  ])('with $name: fails exactly $fails', async ({ edit, fails }) => {
    const changed = edit();
    const report = await verifyProof(changed.proof, { entryId: id, body: changed.body });
    expect(report.checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(fails);
    expect(report.ok).toBe(fails.length === 0);
  });

  it('an export of the approval events carries the proof, which holds offline', async () => {
    const pem = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const exported = await signedExport(db, await auditKeyFromPem(pem), {
      kind: 'approvals',
      from: new Date('2000-01-01'),
      to: new Date('2100-01-01'),
      actor: 'audrey',
    });
    const rows = parse(exported.csv, { columns: true }) as Record<string, string>[];
    const signed = rows.find((row) => row.journal_id === id && row.kind === 'approved')!;
    expect(signed.proof).not.toBe('');
    expect((await verifyProof(JSON.parse(signed.proof!), { entryId: id, body })).ok).toBe(true);
  });

  it('checks a copied proof from files, without the database; non-zero on a mismatch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-approval-'));
    writeFileSync(join(dir, 'proof.json'), JSON.stringify(proof));
    writeFileSync(join(dir, 'body.json'), body);
    writeFileSync(join(dir, 'other.json'), `${body} `);
    const noDb = () => Promise.reject(new Error('no database for a copied proof'));
    const run = (bodyFile: string) =>
      verifyApprovalCommand(
        { entry: id, proof: join(dir, 'proof.json'), body: join(dir, bodyFile) },
        noDb,
      );
    expect((await run('body.json')).code).toBe(0);
    const other = await run('other.json');
    expect(other.code).toBe(1);
    expect(other.text).toContain('FAIL body');
  });
});
