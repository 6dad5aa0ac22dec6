import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyTrail, journalEntry } from '../../test/audit-trail';
import { sharedDb } from '../../test/harness';
import { auditKeyFromPem, verifyDetached } from './audit-key';
import { EXPORT_KINDS, signedExport } from './audit-export';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

const period = { from: new Date('2000-01-01'), to: new Date('2100-01-01'), actor: 'audrey' };

async function fiveEntries() {
  const db = await sharedDb();
  await emptyTrail(db);
  for (let i = 0; i < 5; i++) await journalEntry(db);
  const pem = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  return { db, key: await auditKeyFromPem(pem) };
}

describe('a signed export read page by page', () => {
  it.each(EXPORT_KINDS)(
    'makes the same %s CSV in pages of two rows as in one page, every row once',
    async (kind) => {
      const { db, key } = await fiveEntries();
      const whole = await signedExport(db, key, { ...period, kind });
      const paged = await signedExport(db, key, { ...period, kind }, 2);
      expect(paged.rows).toBe(whole.rows);
      expect(paged.csv.equals(whole.csv)).toBe(true);
      if (kind === 'journal') expect(paged.rows).toBe(5);
    },
  );

  it('signs the exact bytes: the detached signature verifies, and fails for one byte changed', async () => {
    const { db, key } = await fiveEntries();
    const made = await signedExport(db, key, { ...period, kind: 'journal' }, 2);
    expect(await verifyDetached(made.signature, made.csv, key.publicKey)).toEqual({
      valid: true,
      kid: key.kid,
    });
    const changed = Buffer.from(made.csv);
    const at = changed.length - 3;
    changed.writeUInt8(changed.readUInt8(at) ^ 1, at);
    expect((await verifyDetached(made.signature, changed, key.publicKey)).valid).toBe(false);
  });

  it('makes the detached form of the JWS that jose’s compact signature has', async () => {
    const { key } = await fiveEntries();
    const bytes = Buffer.from('a,b\r\n"é",✓\r\n'.repeat(100_000));
    const [header, , signature] = (await key.sign(bytes, 'console-audit-export')).split('.');
    expect(key.signDetached(bytes, 'console-audit-export')).toBe(`${header}..${signature}`);
  });
});
