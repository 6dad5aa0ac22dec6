import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalEvent, journalEntry, openingEmptyTrail, tamper } from '../../test/audit-trail';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import { createCheckpoint, headsJson, parseHeads, CHECKPOINT_TYP } from './audit-checkpoint';
import { auditKeyFromPem } from './audit-key';
import { proveConsistency, proveSubject, type InclusionProofs } from './audit-proof';
import { verifyProofFile } from './audit-proof-verify';
import { forgetTrees } from './audit-tree';
import { verifyAuditTrail } from './audit-verify';

beforeAll(() => sharedDb());

const newKey = () =>
  auditKeyFromPem(
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );

describe.each(testDatabases)('proofs of the audit trail on $name', (database) => {
  const open = openingEmptyTrail(database);

  /** Five entries (ten journal records), the third with two approval events. */
  const fill = async (db: Db) => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await journalEntry(db));
    await approvalEvent(db, ids[2]!, 'submitted');
    await approvalEvent(db, ids[2]!, 'approved');
    return ids;
  };

  it('proves every record of one subject offline, and fails what was changed or swapped', async () => {
    const { db } = await open();
    const ids = await fill(db);
    const key = await newKey();
    const earlier = await createCheckpoint(db, key);
    await journalEntry(db);
    // The subject's records all lie before the latest tree head: that one is used, none signed.
    const later = await createCheckpoint(db, key);
    const proof = await proveSubject(db, ids[2]!, undefined);
    expect(proof.tree_head).toBe(later.jws);
    expect(proof.records.map((r) => `${r.chain} ${r.position}`)).toEqual([
      'approvals 1',
      'approvals 2',
      'journal 5',
      'journal 6',
    ]);
    const verify = (p: InclusionProofs, publicKey = key.publicKey) =>
      verifyProofFile(JSON.stringify(p), publicKey);
    const verdict = await verify(proof);
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.lines[3]).toMatch(
      /^Record journal 6 \(entry-state\) is in the journal tree of 12/,
    );

    const records = proof.records;
    const changed = (i: number, change: Partial<(typeof records)[number]>) => ({
      ...proof,
      records: records.map((r, j) => (i === j ? { ...r, ...change } : r)),
    });
    const otherKey = await newKey();
    for (const [what, tampered, publicKey] of [
      ['another key', proof, otherKey.publicKey],
      ['another tree head', { ...proof, tree_head: earlier.jws }, key.publicKey],
      [
        'a changed record',
        changed(2, { content: records[2]!.content.replace('alice', 'mallory') }),
        key.publicKey,
      ],
      ['a changed step', changed(3, { path: [...records[3]!.path].reverse() }), key.publicKey],
      ['another position', changed(3, { position: 5 }), key.publicKey],
      ['another subject', { ...proof, subject: ids[0]! }, key.publicKey],
    ] as const) {
      expect({ what, ok: (await verify(tampered, publicKey)).ok }).toEqual({ what, ok: false });
    }
    // A tree head whose signed root was changed: its signature no longer holds.
    const [header, payload, signature] = later.jws.split('.');
    const heads = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      string
    >;
    heads['journal.root'] = '0'.repeat(64);
    const forged = `${header}.${Buffer.from(JSON.stringify(heads)).toString('base64url')}.${signature}`;
    expect((await verify({ ...proof, tree_head: forged })).ok).toBe(false);
  });

  it('signs a tree head when a record is past the latest, and refuses without the key', async () => {
    const { db } = await open();
    const [id] = await fill(db);
    await expect(proveSubject(db, id!, undefined)).rejects.toThrow(/audit:checkpoint/);
    const key = await newKey();
    const proof = await proveSubject(db, id!, key);
    expect((await verifyProofFile(JSON.stringify(proof), key.publicKey)).ok).toBe(true);
    await expect(proveSubject(db, 'nobody', key)).rejects.toThrow(/No record names nobody/);
  });

  it('refuses to prove from a chain that no longer matches its signed tree head', async () => {
    const { db } = await open();
    const [id] = await fill(db);
    const key = await newKey();
    await createCheckpoint(db, key);
    await tamper(
      db,
      `update audit_records set content = replace(content, 'alice', 'mallory')
       where chain = 'journal' and position = 1`,
    );
    await expect(proveSubject(db, id!, key)).rejects.toThrow(/no longer matches the tree head/);
  });

  it('proves a later tree head extends an earlier one in every chain, and not the reverse', async () => {
    const { db } = await open();
    await fill(db);
    const key = await newKey();
    const first = await createCheckpoint(db, key);
    await fill(db);
    const second = await createCheckpoint(db, key);
    const proof = await proveConsistency(db, first.id!, second.id!);
    const verdict = await verifyProofFile(JSON.stringify(proof), key.publicKey);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toContain('The journal tree of 20 records extends the one of 10.');
    const swapped = { ...proof, first: second.jws, second: first.jws };
    expect((await verifyProofFile(JSON.stringify(swapped), key.publicKey)).ok).toBe(false);
    const stepChanged = {
      ...proof,
      chains: proof.chains.map((c) => ({ ...c, path: c.path.map((h) => h.replace(/^./, 'f')) })),
    };
    expect((await verifyProofFile(JSON.stringify(stepChanged), key.publicKey)).ok).toBe(false);
  });

  it('verification names a tree head whose signed root is not the records’ root', async () => {
    const { db } = await open();
    await fill(db);
    const key = await newKey();
    const good = await createCheckpoint(db, key);
    // Signed with the key (a signer that hashed other records), then stored beside the good one.
    const heads = parseHeads(good.heads);
    heads.journal.root = 'ab'.repeat(32);
    const payload = headsJson(heads, new Date(Date.now() + 1000).toISOString(), key.kid);
    const jws = await key.sign(new TextEncoder().encode(payload), CHECKPOINT_TYP);
    await db.query(
      `insert into audit_checkpoints (heads, key_id, jws, signed_at) values ($1, $2, $3, now())`,
      [payload, key.kid, jws],
    );
    forgetTrees(db);
    const report = await verifyAuditTrail(db, { publicKey: key.publicKey });
    expect(report.chains[0]!.break).toMatchObject({ position: 10, kind: 'changed' });
    expect(report.chains[0]!.break!.detail).toMatch(/root differs/);
  });
});
