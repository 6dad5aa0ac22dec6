import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePostgres } from '../../test/databases';
import type { Db } from './db';
import { applyMigrations, listMigrations } from './migrate';
import { openPostgres } from './postgres-db';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the database on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof privatePostgres>>;
  let db: Db;
  beforeAll(async () => {
    server = await privatePostgres(url!);
    db = await server.connect();
  });
  afterAll(async () => {
    await server.drop();
  });

  it('waits for the WAL flush of every commit, but not for the counters', async () => {
    const setting = async (q: Db['relaxed']) =>
      (await q.query<{ synchronous_commit: string }>('show synchronous_commit'))[0]!
        .synchronous_commit;
    expect(await setting(db)).toBe('on');
    expect(await setting(db.relaxed)).toBe('off');
  });

  it('writes the counters where every other connection reads them at once', async () => {
    await db.relaxed.query(
      `insert into security_counters (key, hits, window_ends) values ('relaxed:test', 3, now())`,
    );
    const rows = await db.query<{ hits: number }>(
      `select hits from security_counters where key = 'relaxed:test'`,
    );
    expect(Number(rows[0]!.hits)).toBe(3);
  });

  it('migrates an empty database once when two processes start on it together', async () => {
    const empty = await privatePostgres(url!);
    // Two pools that have not migrated, as two BFFs starting at once on a new database.
    const a = openPostgres(empty.url);
    const b = openPostgres(empty.url);
    try {
      const outcomes = await Promise.all([applyMigrations(a), applyMigrations(b)]);
      const names = listMigrations().map((m) => m.name);
      expect(outcomes.map((o) => o.length).sort((x, y) => x - y)).toEqual([0, names.length]);
      expect(outcomes.flat()).toEqual(names);
      const recorded = await b.query<{ name: string }>(
        'select name from schema_migrations order by name',
      );
      expect(recorded.map((r) => r.name)).toEqual(names);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await empty.drop();
    }
  });
});
