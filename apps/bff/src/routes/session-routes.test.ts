import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../sessions/session-store';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
  TEST_PASSWORDS,
} from '../../test/harness';

type Harness = Awaited<ReturnType<typeof testApp>>;

const signInBody = (username: string, password: string) => ({
  method: 'POST',
  headers: BROWSER_HEADERS,
  body: JSON.stringify({ username, password }),
});

describe('sessions', () => {
  let h: Harness;
  let clock: number;
  beforeEach(async () => {
    clock = Date.parse('2026-01-01T10:00:00Z');
    const db = (await import('../../test/harness')).sharedDb;
    h = await testApp({
      client: scriptedClient(echoSuccess).client,
      sessions: createSessionStore(await db(), {
        idleMs: 15 * 60_000,
        maxMs: 8 * 3_600_000,
        now: () => new Date(clock),
      }),
    });
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie and says who is signed in', async () => {
    const res = await h.app.request('/api/session', signInBody('finance', TEST_PASSWORDS.finance));
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^console_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    const info = (await (await h.get('/api/session', cookie.split(';')[0])).json()) as {
      operator: { username: string; role: string };
      operations: string[];
    };
    expect(info.operator).toEqual({
      username: 'finance',
      display_name: 'Test finance',
      role: 'finance',
    });
    expect(info.operations).toContain('createOrder');
    expect(info.operations).not.toContain('updateFiatAccount');
  });

  it('stores only a hash of the token', async () => {
    const cookie = await h.signIn('viewer');
    const token = cookie.split('=')[1]!;
    const rows = await h.db.query<{ token_sha256: string }>('select token_sha256 from sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_sha256).not.toContain(token);
    expect(rows[0]!.token_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await h.app.request('/api/session', signInBody('nobody', 'not-the-password'));
    const wrong = await h.app.request('/api/session', signInBody('finance', 'not-the-password'));
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const strip = (body: unknown) => ({ ...(body as object), request_id: undefined });
    expect(strip(await unknown.json())).toEqual(strip(await wrong.json()));
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a sign-in without fields with field errors', async () => {
    const res = await h.app.request('/api/session', signInBody('', ''));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { path: string }[] };
    expect(body.errors.map((e) => e.path).sort()).toEqual(['password', 'username']);
  });

  it('ends the session on the server at sign-out: the cookie is then worthless', async () => {
    const cookie = await h.signIn('admin');
    const out = await h.app.request('/api/session', {
      method: 'DELETE',
      headers: { ...BROWSER_HEADERS, Cookie: cookie },
    });
    expect(out.status).toBe(204);
    expect((await h.get('/api/session', cookie)).status).toBe(401);
  });

  it('expires after the idle time, and at the absolute end even when busy', async () => {
    const cookie = await h.signIn('admin');
    clock += 14 * 60_000;
    expect((await h.get('/api/session', cookie)).status).toBe(200);
    clock += 16 * 60_000;
    expect((await h.get('/api/session', cookie)).status).toBe(401);

    const busy = await h.signIn('admin');
    for (let i = 0; i < 40; i += 1) {
      clock += 14 * 60_000;
      const status = (await h.get('/api/session', busy)).status;
      if (i < 34) expect(status).toBe(200);
      else expect(status).toBe(401);
    }
  });

  it('stays alive while used in steps shorter than the interval between last-seen writes', async () => {
    const cookie = await h.signIn('admin');
    // 30 s steps for 40 minutes: most requests do not write last-seen, the session stays live.
    for (let i = 0; i < 80; i += 1) {
      clock += 30_000;
      expect((await h.get('/api/session', cookie)).status).toBe(200);
    }
    // Then idle: ended by the idle timeout counted from a stored last-seen at most a minute old.
    clock += 15 * 60_000;
    expect((await h.get('/api/session', cookie)).status).toBe(401);
  });

  it('background polls do not keep an unattended session alive', async () => {
    const cookie = await h.signIn('admin');
    const poll = () =>
      h.app.request('/api/session', { headers: { Cookie: cookie, 'X-Console-Background': '1' } });
    // Polled every 30 s for 14 minutes: the idle end stays where the sign-in put it.
    const signedInUntil = ((await (await poll()).json()) as { expires_at: string }).expires_at;
    for (let i = 0; i < 28; i += 1) {
      clock += 30_000;
      const info = (await (await poll()).json()) as { expires_at: string };
      expect(info.expires_at).toBe(signedInUntil);
    }
    clock += 90_000;
    expect((await poll()).status).toBe(401);
  });

  it('"Stay signed in" restarts the idle clock at once, never past the absolute end', async () => {
    const cookie = await h.signIn('admin');
    clock += 14 * 60_000;
    const extend = () =>
      h.app.request('/api/session/extend', {
        method: 'POST',
        headers: { ...BROWSER_HEADERS, Cookie: cookie },
        body: '{}',
      });
    const first = await extend();
    expect(first.status).toBe(200);
    const info = (await first.json()) as { expires_at: string; ends_at: string };
    expect(info.expires_at).toBe(new Date(clock + 15 * 60_000).toISOString());
    expect(info.ends_at).toBe(
      new Date(Date.parse('2026-01-01T10:00:00Z') + 8 * 3_600_000).toISOString(),
    );
    // Extended again 20 s later: written again (an ordinary request would wait a minute).
    clock += 20_000;
    expect(((await (await extend()).json()) as { expires_at: string }).expires_at).toBe(
      new Date(clock + 15 * 60_000).toISOString(),
    );
    // Near the absolute end, the idle end is the absolute end.
    for (let i = 0; i < 33; i += 1) {
      clock += 14 * 60_000;
      expect((await extend()).status).toBe(200);
    }
    const last = (await (await extend()).json()) as { expires_at: string; ends_at: string };
    expect(last.expires_at).toBe(last.ends_at);
    clock += 15 * 60_000;
    expect((await extend()).status).toBe(401);
  });

  it('issues a new session at each sign-in and ends the one the browser had', async () => {
    const first = await h.signIn('admin');
    const res = await h.app.request('/api/session', {
      ...signInBody('admin', TEST_PASSWORDS.admin),
      headers: { ...BROWSER_HEADERS, Cookie: first },
    });
    const second = res.headers.get('set-cookie')!.split(';')[0]!;
    expect(second).not.toBe(first);
    expect((await h.get('/api/session', first)).status).toBe(401);
    expect((await h.get('/api/session', second)).status).toBe(200);
  });
});
