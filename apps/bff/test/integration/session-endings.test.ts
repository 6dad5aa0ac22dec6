import { randomUUID } from 'node:crypto';
import type { Role, SessionList } from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { ssoIdentity } from '../../src/oidc/sso-identity';
import type { UserRecord } from '../../src/operators/users-file';
import { createSessionStore } from '../../src/sessions/session-store';
import { countingStatements, type SeenStatements } from '../databases';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  sharedDb,
  testApp,
  testUsers,
} from '../harness';
import { HttpBrowser } from '../http-browser';
import { CLIENT_ID, ssoHarness, type SsoHarness } from '../sso-harness';

const IDLE_MS = 15 * 60_000;
const MAX_MS = 8 * 3_600_000;
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * The database as a BFF process has it, listening for ended sessions, except that no notice ever
 * arrives: what this process sees while a notice is on its way (PostgreSQL delivers it on another
 * connection, after the commit) or was lost. A session this process ends itself must be refused
 * at once all the same, however its notice fares.
 */
function hearingNoNotices(db: Db): Db {
  return {
    ...db,
    listen: (channel, _onNotice, onListening) => db.listen(channel, () => {}, onListening),
  };
}

/** A session store over that database, on a clock the test moves, its statements counted. */
async function cachedSessions() {
  let clock = Date.now();
  const { db, seen } = countingStatements(hearingNoNotices(await sharedDb()));
  const sessions = createSessionStore(db, {
    idleMs: IDLE_MS,
    maxMs: MAX_MS,
    now: () => new Date(clock),
  });
  return { sessions, seen, advance: (ms: number) => (clock += ms) };
}

/**
 * Asks with a live session until a request is answered from this process's memory (no statement
 * on the sessions table): from then on, the session cache is what a request meets first.
 */
async function answeredFromCache(seen: SeenStatements, status: () => Promise<number>) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const before = seen.statements;
    expect(await status()).toBe(200);
    if (seen.statements === before) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no request was answered from the session cache');
}

describe('a session this process ends is refused at its very next request', () => {
  let users: UserRecord[] = [];
  const directory = {
    find: (username: string) => users.find((user) => user.username === username),
    list: () => users,
  };

  async function setUp() {
    users = await testUsers();
    const store = await cachedSessions();
    const h = await testApp({
      client: scriptedClient(echoSuccess).client,
      sessions: store.sessions,
      directory,
    });
    const status = async (cookie: string) => (await h.get('/api/session', cookie)).status;
    const signedIn = async (role: Role) => {
      const cookie = await h.signIn(role);
      await answeredFromCache(store.seen, () => status(cookie));
      return cookie;
    };
    const request = (method: string, path: string, cookie: string, body?: unknown) =>
      h.app.request(path, {
        method,
        headers: { ...BROWSER_HEADERS, Cookie: cookie },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return { h, ...store, status, signedIn, request };
  }

  it('after the operator signs out', async () => {
    const { status, signedIn, request } = await setUp();
    const cookie = await signedIn('finance');
    expect((await request('DELETE', '/api/session', cookie)).status).toBe(204);
    expect(await status(cookie)).toBe(401);
  });

  it('after an admin ends it from the sessions list', async () => {
    const { h, status, signedIn, request } = await setUp();
    const finance = await signedIn('finance');
    const admin = await h.signIn('admin');
    const list = (await (await h.get('/api/sessions', admin)).json()) as SessionList;
    const id = list.items.find((session) => session.username === 'finance')!.id;
    expect((await request('DELETE', `/api/sessions/${id}`, admin)).status).toBe(204);
    expect(await status(finance)).toBe(401);
  });

  it('after the operator’s role changes in the users file, for good', async () => {
    const { status, signedIn } = await setUp();
    const cookie = await signedIn('finance');
    const finance = users.find((user) => user.username === 'finance')!;
    users = users.map((user) => (user === finance ? { ...user, role: 'support' } : user));
    expect(await status(cookie)).toBe(401);
    users = users.map((user) => (user.username === 'finance' ? finance : user));
    expect(await status(cookie)).toBe(401);
  });

  it('after the same browser signs in again', async () => {
    const { status, signedIn, request } = await setUp();
    const old = await signedIn('finance');
    const again = await request('POST', '/api/session', old, {
      username: 'finance',
      password: 'finance-pass-1',
    });
    expect(again.status).toBe(200);
    expect(await status(old)).toBe(401);
  });

  it('once it has been idle too long', async () => {
    const { status, signedIn, advance } = await setUp();
    const cookie = await signedIn('viewer');
    advance(IDLE_MS);
    expect(await status(cookie)).toBe(401);
  });

  it('once it reaches its absolute end, however busy', async () => {
    const { status, signedIn, advance } = await setUp();
    const cookie = await signedIn('finance');
    let since = 0;
    for (; since + IDLE_MS / 2 < MAX_MS; since += IDLE_MS / 2) {
      advance(IDLE_MS / 2);
      expect(await status(cookie)).toBe(200);
    }
    advance(IDLE_MS / 2);
    expect(await status(cookie)).toBe(401);
  });
});

describe('a single sign-on this process ends is refused at its very next request', () => {
  let h: SsoHarness;
  let store: Awaited<ReturnType<typeof cachedSessions>>;
  beforeAll(async () => {
    store = await cachedSessions();
    h = await ssoHarness({ sessions: store.sessions });
  });
  afterAll(() => h.close());

  const status = async (browser: HttpBrowser) => (await h.session(browser)).status;
  async function signedIn(username: string) {
    const browser = new HttpBrowser();
    expect((await h.signIn(browser, username)).location).toBe('/journal');
    await answeredFromCache(store.seen, () => status(browser));
    return browser;
  }

  it('after the provider’s back-channel logout names the person', async () => {
    const browser = await signedIn('adm.root');
    const bystander = await signedIn('fin.ops');
    const token = await h.idp.sign({
      iss: h.idp.issuer,
      aud: CLIENT_ID,
      iat: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
      sub: 'adm.root',
      events: { [BACKCHANNEL_EVENT]: {} },
    });
    const answer = await fetch(h.url('/api/session/oidc/backchannel-logout'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
    });
    expect(answer.status).toBe(200);
    expect(await status(browser)).toBe(401);
    expect(await status(bystander)).toBe(200);
  });

  it('after a sign-in of the person is refused for want of a mapped group', async () => {
    const browser = await signedIn('sup.desk');
    const bystander = await signedIn('fin.ops');
    const person = h.idp.user('sup.desk');
    const groups = person.groups;
    person.groups = ['staff'];
    try {
      expect((await h.signIn(new HttpBrowser(), 'sup.desk')).location).toBe('/sign-in?sso=no-role');
    } finally {
      person.groups = groups;
    }
    expect(await status(browser)).toBe(401);
    expect(await status(bystander)).toBe(200);
    const revoked = (await h.events()).filter((event) => event.kind === 'session-revoked');
    expect(revoked.map((event) => event.username)).toEqual([ssoIdentity(h.idp.issuer, 'sup.desk')]);
  });
});
