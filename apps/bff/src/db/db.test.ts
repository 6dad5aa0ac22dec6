import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { openDb } from './open-db';
import { applyMigrations, listMigrations } from './migrate';

describe.each(testDatabases)('the database layer on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });

  const applied = async () =>
    (
      await opened.db.query<{ name: string }>('select name from schema_migrations order by name')
    ).map((r) => r.name);

  it('applies every migration once and records it; applied again, nothing changes', async () => {
    const names = listMigrations().map((m) => m.name);
    expect(await applied()).toEqual(names);
    expect(await applyMigrations(opened.db)).toEqual([]);
    expect(await applyMigrations(await opened.second())).toEqual([]);
    expect(await applied()).toEqual(names);
  });

  it('rolls a failing migration back whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '900-good.sql'), 'create table t_good (x int);');
    writeFileSync(
      join(dir, '901-bad.sql'),
      'create table t_bad (x int); select nonsense from nowhere;',
    );
    const before = await applied();
    await expect(applyMigrations(opened.db, dir)).rejects.toThrow();
    const tables = await opened.db.query(
      "select 1 from pg_tables where schemaname = current_schema() and tablename in ('t_good', 't_bad')",
    );
    expect(tables).toHaveLength(0);
    expect(await applied()).toEqual(before);
  });

  it('commits a transaction and rolls one back when it throws', async () => {
    const { db } = opened;
    await db.exec('create table if not exists t_tx (x int); delete from t_tx;');
    await db.transaction(async (tx) => tx.query('insert into t_tx values (1)'));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t_tx values (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('select x from t_tx')).toEqual([{ x: 1 }]);
  });
});

describe('the database layer on PGlite', () => {
  it('keeps data in DATA_DIR across reopen', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pglite-')), 'journal');
    mkdirSync(dir, { recursive: true });
    const first = await openDb({ dataDir: dir });
    await first.query(
      "insert into sessions (id, token_sha256, username, created_at, last_seen_at, expires_at) values ('s', 'h', 'u', now(), now(), now())",
    );
    await first.close();
    const second = await openDb({ dataDir: dir });
    expect(await second.query('select id from sessions')).toEqual([{ id: 's' }]);
    await second.close();
  }, 60_000);
});
