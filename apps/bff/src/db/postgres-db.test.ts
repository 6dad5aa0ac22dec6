import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePostgres } from '../../test/databases';
import type { Db } from './db';

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
});
