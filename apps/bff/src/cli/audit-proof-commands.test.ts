import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyTrail, journalEntry } from '../../test/audit-trail';
import { bffEntry } from '../../test/bff-bundle';
import { privatePostgres } from '../../test/databases';
import type { Db } from '../db/db';
import { openDb } from '../db/open-db';
import { runAuditCommand } from './audit-commands';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'audit-proof-cli-'));
const keyFile = join(dir, 'audit-key.pem');
const publicKey = join(dir, 'audit.pub.pem');
const otherPublic = join(dir, 'other.pub.pem');
const saved = { ...process.env };
const none = { positionals: [] as string[] };

beforeAll(() => {
  const pair = generateKeyPairSync('ed25519');
  writeFileSync(keyFile, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(publicKey, pair.publicKey.export({ format: 'pem', type: 'spki' }));
  const other = generateKeyPairSync('ed25519').publicKey;
  writeFileSync(otherPublic, other.export({ format: 'pem', type: 'spki' }));
  process.env.AUDIT_SIGNING_KEY_FILE = keyFile;
  delete process.env.AUDIT_CHECKPOINT_FILE;
});
afterAll(() => {
  process.env = saved;
});

const verifyProof = (file: string, key = publicKey) =>
  runAuditCommand('audit:verify-proof', { ...none, 'public-key': key, positionals: [file] });

/**
 * The commands against the database `connect` opens (the same one the commands open, by the
 * environment): prove an entry, verify it offline, and prove two tree heads consistent.
 */
async function proveAndVerify(name: string, connect: () => Promise<Db>, closeAfter: boolean) {
  let db = await connect();
  await emptyTrail(db);
  const id = await journalEntry(db);
  await journalEntry(db);
  if (closeAfter) await db.close();

  // No tree head covers the entry yet: the key at hand signs one (checkpoint 1).
  const proofFile = join(dir, `${name}-proof.json`);
  const made = await runAuditCommand('audit:prove', { ...none, positionals: [id], out: proofFile });
  expect(made).toEqual({ code: 0, text: `Written to ${proofFile}.\n` });
  const proof = JSON.parse(readFileSync(proofFile, 'utf8'));
  expect(proof.records).toHaveLength(2);
  const holds = await verifyProof(proofFile);
  expect(holds.code).toBe(0);
  expect(holds.text).toMatch(/the proof holds\.\nRecord journal 1 \(entry-created\) is in/);
  expect(await verifyProof(proofFile, otherPublic)).toMatchObject({ code: 1 });
  const changed = join(dir, `${name}-changed.json`);
  proof.records[1].content = proof.records[1].content.replace('SUCCEEDED', 'REJECTED');
  writeFileSync(changed, JSON.stringify(proof));
  const failed = await verifyProof(changed);
  expect(failed.code).toBe(1);
  expect(failed.text).toContain('Record journal 2 is NOT proven');

  if (closeAfter) db = await connect();
  await journalEntry(db);
  if (closeAfter) await db.close();
  expect((await runAuditCommand('audit:checkpoint', none)).text).toMatch(/^Checkpoint 2 signed/);
  const printed = await runAuditCommand('audit:prove-consistency', { ...none, from: '1' });
  const consistencyFile = join(dir, `${name}-consistency.json`);
  writeFileSync(consistencyFile, printed.text);
  const extends_ = await verifyProof(consistencyFile);
  expect(extends_.text).toContain('The journal tree of 6 records extends the one of 4.');
  expect(extends_.code).toBe(0);
}

describe('pnpm cli audit:prove, audit:prove-consistency, audit:verify-proof', () => {
  const dataDir = join(dir, 'data');
  beforeAll(() => {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
  });

  it('proves an entry’s records and two tree heads consistent, and checks both offline', async () => {
    const connect = () =>
      openDb({
        dataDir: join(dataDir, 'journal'),
        seed: new Blob([readFileSync(inject('pgliteSeed'))]),
      });
    // The embedded database opens in one process at a time: closed while a command runs.
    await proveAndVerify('pglite', connect, true);
    // Each command opens the embedded database afresh, seven times in all: slow on a busy host.
  }, 90_000);

  it('exits 1 from the command line, with the reason in words, when a proof does not hold', async () => {
    const file = join(dir, 'not-a-proof.json');
    writeFileSync(file, '{"type":"console-audit-inclusion-proof","records":[]}');
    const bff = join(import.meta.dirname, '..', '..');
    const failed = await run(
      process.execPath,
      [...bffEntry('cli'), 'audit:verify-proof', file, '--public-key', publicKey],
      { cwd: bff },
    ).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stdout: string }).stdout).toContain('does NOT hold');
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('pnpm cli audit:prove* on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof privatePostgres>>;
  beforeAll(async () => {
    server = await privatePostgres(postgresUrl!);
    process.env.DATABASE_URL = server.url;
  });
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    await server.drop();
  });

  it('proves an entry’s records and two tree heads consistent, and checks both offline', async () => {
    await proveAndVerify('postgres', server.connect, false);
  });
});
