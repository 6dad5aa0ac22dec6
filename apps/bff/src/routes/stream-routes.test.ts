/**
 * The live stream ends with its session (issue 55): whatever ends the session (sign-out, an admin,
 * a role change, the idle timeout, the provider's back-channel logout), in this process or in
 * another one on the same database, the stream writes no change after it, says `session-ended`
 * and closes, at once rather than at its next heartbeat.
 */
import { randomUUID } from 'node:crypto';
import type { Role, SessionList } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { readEventStream } from '../../test/event-stream';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
  testUsers,
} from '../../test/harness';
import type { AppDeps } from '../app-deps';
import type { Db } from '../db/db';
import type { UserRecord } from '../operators/users-file';
import { SESSION_COOKIE } from '../sessions/session-cookie';
import { createSessionStore } from '../sessions/session-store';
import { createSsoSessionStore } from '../sessions/sso-session-store';
import { recordOne } from '../watch/change-store';
import type { Change } from '../watch/classify';

/** Far longer than any wait below: a stream that ends in time did not wait for its heartbeat. */
const LIVE = { heartbeatMs: 60_000, pollMs: 1_000, maxStreamsPerSession: 4 };
/** How long a stream may take to end once its session has. */
const ENDS_WITHIN_MS = 3_000;

const aChange = (): Change => {
  const id = randomUUID();
  return {
    source: 'event',
    changeKey: `event:${id}`,
    recordType: 'transfer',
    recordId: `t-${id}`,
    kind: 'transfer.crypto_deposit.completed',
    profileId: 'p-1',
    refId: `ref-${id}`,
    payload: { id, amount: '0.5', object: { memo: 'paid by Grace Hopperton' } },
    audience: 'profile',
  };
};

/** Reads the stream to its end, for `withinMs` at most. */
const toEnd = (stream: ReturnType<typeof readEventStream>, withinMs = ENDS_WITHIN_MS) =>
  stream.readUntil(() => false, withinMs).catch(() => stream.messages);

describe.each(testDatabases)('a live stream on $name ends with its session', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let second: Db;
  let users: UserRecord[];
  const directory = {
    find: (username: string) => users.find((user) => user.username === username),
    list: () => users,
  };

  beforeAll(async () => {
    opened = await database.open();
    second = await opened.second();
  });
  afterAll(async () => {
    await opened.close();
  });

  /** Two BFF processes on the database: `here` serves the stream, `there` is another. */
  async function setUp(options: Partial<AppDeps> = {}) {
    users = await testUsers();
    await opened.db.exec('delete from live_streams; delete from live_changes;');
    const client = scriptedClient(echoSuccess).client;
    const here = await testApp({ client, db: opened.db, directory, live: LIVE, ...options });
    const there = await testApp({ client, db: second, directory, live: LIVE });
    await opened.db.exec('delete from sessions');
    const open = async (cookie: string) => {
      const stream = readEventStream(
        await here.app.request('/api/stream', { headers: { Cookie: cookie } }),
      );
      expect(stream.res.status).toBe(200);
      await stream.readUntil((all) => all.some((m) => m.event === 'ready'));
      return stream;
    };
    const signOut = async (via: typeof here, cookie: string) => {
      const out = await via.app.request('/api/session', {
        method: 'DELETE',
        headers: { ...BROWSER_HEADERS, Cookie: cookie },
      });
      expect(out.status).toBe(204);
    };
    return { here, there, open, signOut };
  }

  /** After the session ended, a change is recorded: the stream must not carry it. */
  async function expectEndedBeforeChange(stream: ReturnType<typeof readEventStream>) {
    await recordOne(opened.db, aChange());
    await toEnd(stream);
    expect(stream.changes()).toEqual([]);
    expect(stream.messages.at(-1)?.event).toBe('session-ended');
    expect(stream.ended()).toBe(true);
  }

  it('carries changes while the session lives', async () => {
    const { here, open } = await setUp();
    const stream = await open(await here.signIn('finance'));
    await recordOne(opened.db, aChange());
    await stream.readUntil((all) => all.some((m) => m.event === 'change'));
    expect(stream.changes()).toHaveLength(1);
    await stream.close();
  });

  it('after the operator signs out in this process', async () => {
    const { here, open, signOut } = await setUp();
    const cookie = await here.signIn('finance');
    const stream = await open(cookie);
    await signOut(here, cookie);
    await expectEndedBeforeChange(stream);
  });

  it('after the operator signs out in another process', async () => {
    const { here, there, open, signOut } = await setUp();
    const cookie = await here.signIn('finance');
    const stream = await open(cookie);
    await signOut(there, cookie);
    await expectEndedBeforeChange(stream);
  });

  it('at once when the session ends, with no change to carry', async () => {
    const { here, there, open, signOut } = await setUp();
    const cookie = await here.signIn('viewer');
    const stream = await open(cookie);
    await signOut(there, cookie);
    await toEnd(stream);
    expect(stream.messages.at(-1)?.event).toBe('session-ended');
    expect(stream.ended()).toBe(true);
  });

  it('after an admin ends the session in another process', async () => {
    const { here, there, open } = await setUp();
    const stream = await open(await here.signIn('finance'));
    const admin = await there.signIn('admin');
    const list = (await (await there.get('/api/sessions', admin)).json()) as SessionList;
    const id = list.items.find((session) => session.username === 'finance')!.id;
    const removed = await there.app.request(`/api/sessions/${id}`, {
      method: 'DELETE',
      headers: { ...BROWSER_HEADERS, Cookie: admin },
    });
    expect(removed.status).toBe(204);
    await expectEndedBeforeChange(stream);
  });

  it('after the operator’s role changes in the users file', async () => {
    const { here, open } = await setUp();
    const stream = await open(await here.signIn('finance'));
    users = users.map((user) =>
      user.username === 'finance' ? { ...user, role: 'viewer' as Role } : user,
    );
    await expectEndedBeforeChange(stream);
  });

  it('when the session idles out while only the stream is open', async () => {
    const idleMs = 1_500;
    const { here, open } = await setUp({
      sessions: createSessionStore(opened.db, { idleMs, maxMs: 3_600_000 }),
    });
    const stream = await open(await here.signIn('support'));
    await toEnd(stream, idleMs + ENDS_WITHIN_MS);
    expect(stream.messages.at(-1)?.event).toBe('session-ended');
    expect(stream.ended()).toBe(true);
  });

  it('after the provider’s back-channel logout, received by another process', async () => {
    const { here, there, open } = await setUp();
    const identity = `oidc:test:${randomUUID()}`;
    const { token } = await here.deps.sessions.create(
      identity,
      'sso',
      {},
      {
        identity,
        displayName: 'Ada Byronson',
        role: 'finance',
        sid: 'sid-1',
        idToken: 'id-token',
        endsBy: new Date(Date.now() + 3_600_000),
      },
    );
    const stream = await open(`${SESSION_COOKIE}=${token}`);
    const logout = createSsoSessionStore(second, there.deps.sessions);
    expect(await logout.endSso({ identity, sid: 'sid-1' })).toHaveLength(1);
    await expectEndedBeforeChange(stream);
  });
});
