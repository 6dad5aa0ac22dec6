import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { emptyTrail, journalEntry, securityEvent, tamper } from '../../test/audit-trail';
import { bffEntry } from '../../test/bff-bundle';
import { privatePostgres } from '../../test/databases';
import { openDb } from '../db/open-db';
import { runAuditCommand } from './audit-commands';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'audit-cli-'));
const keyFile = join(dir, 'audit-key.pem');
const otherPublic = join(dir, 'other.pub.pem');
const saved = { ...process.env };

beforeAll(async () => {
  const pair = generateKeyPairSync('ed25519');
  writeFileSync(keyFile, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(join(dir, 'audit.pub.pem'), pair.publicKey.export({ format: 'pem', type: 'spki' }));
  const other = generateKeyPairSync('ed25519').publicKey;
  writeFileSync(otherPublic, other.export({ format: 'pem', type: 'spki' }));
  // An embedded database under DATA_DIR, as the console leaves it; the commands open it again.
  const db = await openDb({
    dataDir: join(dir, 'data', 'journal'),
    seed: new Blob([readFileSync(inject('pgliteSeed'))]),
  });
  await emptyTrail(db);
  await journalEntry(db);
  await securityEvent(db);
  await db.close();
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = join(dir, 'data');
  process.env.AUDIT_SIGNING_KEY_FILE = keyFile;
  delete process.env.AUDIT_CHECKPOINT_FILE;
});
afterAll(() => {
  process.env = saved;
});

const args = { positionals: [] as string[] };

describe('pnpm cli audit:*', () => {
  it('verifies a clean trail, signs a checkpoint, and exits non-zero naming a break', async () => {
    // A verification that passes signs a tree head (checkpoint 1).
    const verified = await runAuditCommand('audit:verify', args);
    expect(verified).toMatchObject({ code: 0 });
    expect(verified.text).toMatch(/tree head 1 signed\.\n$/);
    process.env.AUDIT_CHECKPOINT_FILE = join(dir, 'checkpoints.jsonl');
    expect((await runAuditCommand('audit:checkpoint', args)).text).toMatch(/^Checkpoint 2 signed/);

    const db = await openDb({ dataDir: join(dir, 'data', 'journal') });
    // A changed record, and the journal's tail cut with every checkpoint of the database: the
    // copy outside it still certifies the journal's head.
    await tamper(
      db,
      `update audit_records set content = replace(content, 'alice', 'mallory')
       where chain = 'security' and position = 1;
       delete from audit_records where chain = 'journal' and position = 2;
       delete from audit_checkpoints`,
    );
    await db.close();
    const broken = await runAuditCommand('audit:verify', args);
    expect(broken.code).toBe(1);
    expect(broken.text).toContain('security: BROKEN at 1 (changed');
    expect(broken.text).toContain('journal: BROKEN at 2 (missing');
    // The rows too, each located: the security event no longer reads as its record, and the
    // entry's state is not the one its last remaining record holds.
    expect(broken.text).toMatch(/security_events \S+: username CHANGED \(record security 1\)/);
    expect(broken.text).toMatch(/journal_entries \S+: state CHANGED \(record journal 1\)/);
    const json = JSON.parse((await runAuditCommand('audit:verify', { ...args, json: true })).text);
    expect(json.chains[2]).toMatchObject({ chain: 'security', break: { kind: 'changed' } });
  });

  it('exports a period with a signature that holds under the public key only, for the exact bytes', async () => {
    // A trail that verifies again (the test before broke it): an export refuses otherwise.
    const clean = await openDb({ dataDir: join(dir, 'data', 'journal') });
    await emptyTrail(clean);
    await journalEntry(clean);
    await clean.close();
    const out = join(dir, 'journal.csv');
    const made = await runAuditCommand('audit:export', {
      ...args,
      kind: 'journal',
      from: '2000-01-01',
      to: '2100-01-01',
      out,
    });
    expect(made.text).toMatch(/^1 rows written/);
    const pub = join(dir, 'audit.pub.pem');
    const verify = (file: string, key: string) =>
      runAuditCommand('audit:verify-export', { ...args, key, positionals: [file, `${out}.jws`] });
    expect(await verify(out, pub)).toMatchObject({ code: 0 });
    expect(await verify(out, otherPublic)).toMatchObject({ code: 1 });
    // Its proofs: the entry's two records and the export's own, in the tree head signed with it.
    const proofs = await runAuditCommand('audit:verify-proof', {
      ...args,
      'public-key': pub,
      positionals: [`${out}.proofs.json`],
    });
    expect(proofs.code).toBe(0);
    expect(proofs.text).toMatch(
      /Record journal 1 .*\n.*Record journal 2 .*\n.*Record audit 1 \(export\)/s,
    );
    const changed = join(dir, 'changed.csv');
    const bytes = readFileSync(out);
    const at = bytes.length - 3;
    bytes.writeUInt8(bytes.readUInt8(at) ^ 1, at);
    writeFileSync(changed, bytes);
    expect(await verify(changed, pub)).toMatchObject({ code: 1 });

    // The export is in the chain: who, what, which period.
    const db = await openDb({ dataDir: join(dir, 'data', 'journal') });
    const [record] = await db.query<{ content: string }>(
      `select content from audit_records where chain = 'audit' and kind = 'export'`,
    );
    await db.close();
    expect(JSON.parse(record!.content)).toMatchObject({
      export_kind: 'journal',
      from: '2000-01-01T00:00:00.000Z',
      rows: 1,
    });
    expect(JSON.parse(record!.content).actor).toMatch(/^cli:/);
  });

  it('exits 1 from the command line when an export’s signature does not hold', async () => {
    const file = join(dir, 'x.csv');
    writeFileSync(file, 'a,b\r\n');
    writeFileSync(`${file}.jws`, 'eyJhbGciOiJFZERTQSJ9..AAAA\n');
    const bff = join(import.meta.dirname, '..', '..');
    const failed = await run(
      process.execPath,
      [...bffEntry('cli'), 'audit:verify-export', file, `${file}.jws`, '--key', otherPublic],
      { cwd: bff },
    ).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stdout: string }).stdout).toContain('does NOT hold');
  });
});

// The deployment past one machine: the commands open `DATABASE_URL`'s PostgreSQL, where a JSON
// parameter is not parsed for the statement as PGlite parses it (issue 68).
const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('pnpm cli audit:* on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof privatePostgres>>;
  beforeAll(async () => {
    server = await privatePostgres(postgresUrl!);
    const db = await server.connect();
    await emptyTrail(db);
    await journalEntry(db);
    process.env.DATABASE_URL = server.url;
    // The copy of checkpoints made above certifies the embedded database's trail, not this one.
    delete process.env.AUDIT_CHECKPOINT_FILE;
  });
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    await server.drop();
  });

  it('exports a period whose signature verifies, recorded in the trail with its fields as an object', async () => {
    const out = join(dir, 'postgres-journal.csv');
    const made = await runAuditCommand('audit:export', {
      ...args,
      kind: 'journal',
      from: '2000-01-01',
      to: '2100-01-01',
      out,
    });
    expect(made.text).toMatch(/^1 rows written/);
    const verified = await runAuditCommand('audit:verify-export', {
      ...args,
      key: join(dir, 'audit.pub.pem'),
      positionals: [out, `${out}.jws`],
    });
    expect(verified).toMatchObject({ code: 0 });
    const proofs = await runAuditCommand('audit:verify-proof', {
      ...args,
      'public-key': join(dir, 'audit.pub.pem'),
      positionals: [`${out}.proofs.json`],
    });
    expect(proofs).toMatchObject({ code: 0 });

    const db = await server.connect();
    const [record] = await db.query<{ content: string }>(
      `select content from audit_records where chain = 'audit' and kind = 'export'`,
    );
    expect(JSON.parse(record!.content)).toMatchObject({ export_kind: 'journal', rows: 1 });
    expect(await runAuditCommand('audit:verify', args)).toMatchObject({ code: 0 });
  });
});
