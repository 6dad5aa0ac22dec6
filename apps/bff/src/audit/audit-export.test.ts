import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { journalEntry, openingEmptyTrail } from '../../test/audit-trail';
import { testDatabases } from '../../test/databases';
import { auditKeyFromPem, verifyDetached } from './audit-key';
import { EXPORT_KINDS, signedExport } from './audit-export';

const period = { from: new Date('2000-01-01'), to: new Date('2100-01-01'), actor: 'audrey' };

function newKey() {
  const pem = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  return auditKeyFromPem(pem);
}

describe.each(testDatabases)('a signed export on $name', (database) => {
  const open = openingEmptyTrail(database);

  async function fiveEntries() {
    const { db } = await open();
    for (let i = 0; i < 5; i++) await journalEntry(db);
    return { db, key: await newKey() };
  }

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

  it('refuses while a row disagrees with the trail: an edited amount is never certified', async () => {
    const { db, key } = await fiveEntries();
    await db.exec(`alter table journal_entries disable trigger user;
      update journal_entries set request_body = '{"amount":"99999.00"}'
        where seq = (select min(seq) from journal_entries);
      alter table journal_entries enable trigger user;`);
    await expect(signedExport(db, key, { ...period, kind: 'journal' })).rejects.toMatchObject({
      init: { status: 409, code: 'conflict' },
    });
    const exports = await db.query(`select 1 from audit_records where kind = 'export'`);
    expect(exports).toHaveLength(0);
  });

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

  it('is recorded in the trail with its fields as an object, the CSV’s hash among them', async () => {
    const { db, key } = await fiveEntries();
    const made = await signedExport(db, key, { ...period, kind: 'journal' });
    const records = await db.query<{ kind: string; subject: string; content: string }>(
      `select kind, subject, content from audit_records where chain = 'audit'`,
    );
    expect(records.map((r) => r.kind)).toEqual(['export']);
    const content = JSON.parse(records[0]!.content) as Record<string, unknown>;
    expect(content).toMatchObject({
      actor: 'audrey',
      export_kind: 'journal',
      rows: 5,
      // No role given (the CLI's export): every row whole, and the trail says so.
      masked_for: null,
      key_id: key.kid,
      csv_sha256: createHash('sha256').update(made.csv).digest('hex'),
    });
  });
});

describe('the detached signature', () => {
  it('makes the detached form of the JWS that jose’s compact signature has', async () => {
    const key = await newKey();
    const bytes = Buffer.from('a,b\r\n"é",✓\r\n'.repeat(100_000));
    const [header, , signature] = (await key.sign(bytes, 'console-audit-export')).split('.');
    expect(key.signDetached(bytes, 'console-audit-export')).toBe(`${header}..${signature}`);
  });
});
