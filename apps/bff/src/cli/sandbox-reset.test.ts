import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { testDatabases } from '../../test/databases';
import { createJournalStore } from '../journal/journal-store';
import { sandboxReset } from './sandbox-reset';

const now = new Date('2026-12-08T10:00:00.000Z');
const aside = '.set-aside-2026-12-08T10-00-00-000Z';

/** A DATA_DIR as a stopped console leaves it: a saved sandbox and an embedded journal. */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-reset-'));
  mkdirSync(join(dir, 'sandbox'));
  writeFileSync(join(dir, 'sandbox', 'state.json'), '{}');
  // A process id that cannot run: the console that wrote it was killed.
  writeFileSync(join(dir, 'sandbox', 'owner.pid'), '2147483646\n');
  mkdirSync(join(dir, 'journal'));
  return dir;
}

describe.each(testDatabases)('pnpm cli sandbox:reset on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  // The test's database stays open across the command's own close.
  const openDb = () => Promise.resolve({ ...opened.db, close: async () => {} } as Db);
  const postgres = database.name === 'PostgreSQL' ? 'postgres://test' : undefined;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from journal_outcome_conflicts; delete from journal_entries');
  });

  it('sets the sandbox aside when the journal is empty', async () => {
    const dir = dataDir();
    const text = await sandboxReset({
      dataDir: dir,
      databaseUrl: postgres,
      withJournal: false,
      now,
      openDb,
    });
    expect(text).toContain(`sandbox${aside}`);
    expect(existsSync(join(dir, 'sandbox'))).toBe(false);
    expect(existsSync(join(dir, `sandbox${aside}`, 'state.json'))).toBe(true);
    expect(existsSync(join(dir, 'journal'))).toBe(true);
  });

  it('refuses while the journal holds entries, and sets it aside too when told', async () => {
    await createJournalStore(opened.db).create({
      operation: 'createInternalTransfer',
      operator: 'finance',
      operator_name: 'Fin',
      ref_id: 'ref-1',
      method: 'POST',
      request_path: '/v2/transfer/internal',
      request_body: '{}',
      request_id: 'req-1',
    });
    const dir = dataDir();
    const reset = (withJournal: boolean) =>
      sandboxReset({ dataDir: dir, databaseUrl: postgres, withJournal, now, openDb });
    if (postgres) {
      // A server's database cannot be moved aside by a file rename: nothing is touched.
      for (const withJournal of [false, true]) {
        await expect(reset(withJournal)).rejects.toThrow(/PostgreSQL server of DATABASE_URL/);
      }
      expect(readdirSync(dir).sort()).toEqual(['journal', 'sandbox']);
      return;
    }
    await expect(reset(false)).rejects.toThrow(/holds entries[\s\S]*--with-journal/);
    expect(readdirSync(dir).sort()).toEqual(['journal', 'sandbox']);
    await reset(true);
    expect(readdirSync(dir).sort()).toEqual([`journal${aside}`, `sandbox${aside}`]);
  });
});

describe('pnpm cli sandbox:reset while the console runs', () => {
  it('refuses, naming the process', async () => {
    const dir = dataDir();
    // This test's parent stands for the running console: it lives, and is not this process.
    writeFileSync(join(dir, 'sandbox', 'owner.pid'), `${process.ppid}\n`);
    await expect(
      sandboxReset({ dataDir: dir, databaseUrl: undefined, withJournal: true }),
    ).rejects.toThrow(new RegExp(`process ${process.ppid}\\) is running`));
    expect(existsSync(join(dir, 'sandbox', 'state.json'))).toBe(true);
  });
});
