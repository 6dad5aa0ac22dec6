import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { countingStatements, testDatabases } from '../../test/databases';
import { SESSION_CACHE_MS } from './session-cache';
import { createSessionStore } from './session-store';
import type { SessionStore } from './session-types';

const IDLE_MS = 15 * 60_000;

/** Polls until `check` holds, for a notice that travels between connections. */
async function eventually(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDatabases)('sessions on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let clock: number;
  const now = () => new Date(clock);
  const store = (db: Db): SessionStore =>
    createSessionStore(db, { idleMs: IDLE_MS, maxMs: 8 * 3_600_000, now });

  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(async () => {
    clock = Date.parse('2026-11-25T09:00:00Z');
    await opened.db.exec('delete from sessions');
  });

  /** A store whose listening has begun and whose session has been read once. */
  async function warmed(db: Db) {
    const probe = countingStatements(db);
    const sessions = store(probe.db);
    const { token, session } = await sessions.create('ada', 'g1', {});
    // The first request starts listening; the cache is trusted once listening is confirmed, which
    // is when a request is answered without a statement. On a busy machine the confirmation takes
    // longer than any fixed wait would allow.
    const confirmed = await eventually(async () => {
      const before = probe.seen.statements;
      await sessions.touch(token);
      return probe.seen.statements === before;
    }, 10_000);
    expect(confirmed).toBe(true);
    return { sessions, token, session };
  }

  it('answers a live session from memory: a request costs no query', async () => {
    const { db, seen } = countingStatements(opened.db);
    const { sessions, token, session } = await warmed(db);
    const before = seen.statements;
    for (let i = 0; i < 20; i++) {
      clock += 200;
      expect((await sessions.touch(token))?.id).toBe(session.id);
    }
    // Twenty requests over four seconds: none of them needed the database.
    expect(seen.statements - before).toBe(0);
    // Past five seconds the entry is read again: a notice lost with a dropped connection
    // costs that much at most.
    clock += SESSION_CACHE_MS;
    expect((await sessions.touch(token))?.id).toBe(session.id);
    expect(seen.statements - before).toBe(1);
  });

  it('still writes the idle clock once a minute, and the session idles out without requests', async () => {
    const { db, seen } = countingStatements(opened.db);
    const { sessions, token } = await warmed(db);
    const before = seen.statements;
    clock += 61_000;
    expect(await sessions.touch(token)).toBeDefined();
    expect(seen.statements - before).toBeGreaterThan(0);
    clock += IDLE_MS + 1;
    expect(await sessions.touch(token)).toBeUndefined();
  });

  it('refuses a session at its next request once another process ended it', async () => {
    const { sessions, token, session } = await warmed(opened.db);
    const other = store(await opened.second());
    expect(await other.endById(session.id, undefined)).toBe('ada');
    expect(await eventually(async () => (await sessions.touch(token)) === undefined)).toBe(true);
    // Ended for good: not revived by a later read.
    clock += 1_000;
    expect(await sessions.touch(token)).toBeUndefined();
  });

  it('refuses a session ended by any path, even a statement of its own', async () => {
    const { sessions, token, session } = await warmed(opened.db);
    const other = await opened.second();
    await other.query('update sessions set ended_at = now() where id = $1', [session.id]);
    expect(await eventually(async () => (await sessions.touch(token)) === undefined)).toBe(true);
  });

  it('refuses a session at once in the process that ended it', async () => {
    const { sessions, token } = await warmed(opened.db);
    await sessions.end(token);
    expect(await sessions.touch(token)).toBeUndefined();
    const second = await warmed(opened.db);
    await second.sessions.endById(second.session.id, undefined);
    expect(await second.sessions.touch(second.token)).toBeUndefined();
  });

  it('asks the database on every request while it cannot listen for ended sessions', async () => {
    const { db, seen } = countingStatements(opened.db);
    const deaf: Db = { ...db, listen: () => Promise.reject(new Error('no listening here')) };
    const sessions = store(deaf);
    const { token } = await sessions.create('ada', 'g1', {});
    const before = seen.statements;
    for (let i = 0; i < 5; i++) {
      clock += 1_000;
      expect(await sessions.touch(token)).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen.statements - before).toBe(5);
  });
});
