import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import type { Db } from '../db/db';
import { createLiveStreams } from './live-streams';

const STALE_MS = 60_000;

describe.each(testDatabases)('live streams on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let streams: ReturnType<typeof createLiveStreams>;
  /** The streams of a second process, over its own connections. */
  let elsewhere: ReturnType<typeof createLiveStreams>;
  let second: Db;
  /** Rows of `session`, as another process's count would see them. */
  const rowsOf = async (session: string) =>
    (
      await opened.db.query<{ id: string }>(
        'select id::text as id from live_streams where session_id = $1',
        [session],
      )
    )
      .map((row) => row.id)
      .sort();
  /** The process serving `id` stopped `ms` ago: its row was last renewed then. */
  const stoppedAgo = (id: string, ms: number) =>
    opened.db.query(
      `update live_streams set seen_at = now() - $2::int * interval '1 millisecond' where id = $1`,
      [id, ms],
    );

  beforeAll(async () => {
    opened = await database.open();
    streams = createLiveStreams(opened.db);
    second = await opened.second();
    elsewhere = createLiveStreams(second);
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    await opened.db.exec('delete from live_streams');
  });

  it('opens a session streams up to its cap, refuses the next, and gives another session its own room', async () => {
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    expect(await streams.open(a, 's-1', 2, STALE_MS)).toBe(true);
    expect(await streams.open(b, 's-1', 2, STALE_MS)).toBe(true);
    expect(await streams.open(c, 's-1', 2, STALE_MS)).toBe(false);
    expect(await rowsOf('s-1')).toEqual([a, b].sort());
    expect(await streams.open(d, 's-2', 2, STALE_MS)).toBe(true);
    expect(await rowsOf('s-2')).toEqual([d]);
  });

  it('counts the streams of every process: one opened elsewhere takes room here', async () => {
    expect(await elsewhere.open(randomUUID(), 's-1', 1, STALE_MS)).toBe(true);
    expect(await streams.open(randomUUID(), 's-1', 1, STALE_MS)).toBe(false);
  });

  it('gives the room of a closed stream back, and only that stream’s', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await streams.open(a, 's-1', 2, STALE_MS);
    await streams.open(b, 's-1', 2, STALE_MS);
    await streams.close(a);
    expect(await rowsOf('s-1')).toEqual([b]);
    expect(await streams.open(c, 's-1', 2, STALE_MS)).toBe(true);
    expect(await rowsOf('s-1')).toEqual([b, c].sort());
  });

  it('drops a stream not renewed for the stale time, and keeps one renewed since', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await streams.open(a, 's-1', 2, STALE_MS);
    await streams.open(b, 's-1', 2, STALE_MS);
    // Both were last seen long ago; b's process is alive and renews it at its heartbeat.
    await stoppedAgo(a, STALE_MS + 5_000);
    await stoppedAgo(b, STALE_MS + 5_000);
    await streams.renew(b);
    expect(await streams.open(c, 's-1', 2, STALE_MS)).toBe(true);
    expect(await rowsOf('s-1')).toEqual([b, c].sort());
    // A row younger than the stale time still counts.
    await stoppedAgo(b, STALE_MS - 5_000);
    expect(await streams.open(randomUUID(), 's-1', 2, STALE_MS)).toBe(false);
  });

  it('holds the cap when a session opens many streams at once, from two processes', async () => {
    // Every connection of both pools open first: while they connect, the opens queue up and
    // run one by one, and a race would go unseen. (PGlite has one connection, and no race.)
    if (second !== opened.db) {
      await Promise.all(
        [opened.db, second].flatMap((db) =>
          Array.from({ length: 6 }, () => db.query('select pg_sleep(0.02)')),
        ),
      );
    }
    for (const session of ['s-1', 's-2']) {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? streams : elsewhere).open(randomUUID(), session, 3, STALE_MS),
        ),
      );
      expect(results.filter(Boolean), session).toHaveLength(3);
      expect(await rowsOf(session)).toHaveLength(3);
    }
  });
});
