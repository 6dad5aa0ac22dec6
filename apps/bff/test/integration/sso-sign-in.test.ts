import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../src/sessions/session-store';
import { ssoIdentity } from '../../src/oidc/sso-identity';
import { sharedDb } from '../harness';
import { HttpBrowser } from '../http-browser';
import { ssoHarness, type SsoHarness } from '../sso-harness';

/*
 * Single sign-on against a real OpenID provider over HTTP: the provider's own login page, the
 * code exchange, the ID token, the role from the groups claim, and the session the console makes.
 */
describe('single sign-on', () => {
  let h: SsoHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('signs in through the provider with the mapped role and the cookie of a password sign-in', async () => {
    h = await ssoHarness();
    const browser = new HttpBrowser();
    const { callback, authorization } = await h.reachCallback(browser, 'fin.ops');

    // The authorization request: a code flow with state, nonce and an S256 PKCE challenge.
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    // The flow's cookie: HttpOnly, Lax (the provider's redirect back is cross-site), short.
    const flowCookie = browser.hops[0]!.setCookie.join('\n');
    expect(flowCookie).toMatch(/^console_sso=[\w-]{43};/);
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=Lax/);
    expect(flowCookie).toMatch(/Max-Age=600/);
    // Nothing secret travels in the browser's addresses but what the protocol puts there.
    expect(authorization.toString()).not.toContain('test-client-secret');

    const landed = await h.visitCallback(browser, callback);
    expect(landed).toEqual({ status: 303, location: '/journal' });
    const set = browser.hops.at(-1)!.setCookie.join('\n');
    expect(set).toMatch(/console_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict/);
    expect(set).toMatch(/console_sso=; Max-Age=0/);

    const identity = ssoIdentity(h.idp.issuer, 'fin.ops');
    const info = await h.session(browser);
    expect(info.status).toBe(200);
    expect(info.body.operator).toEqual({
      username: identity,
      display_name: 'Fay Operations',
      role: 'finance',
    });
    expect(info.body.operations).toContain('createInternalTransfer');
    expect(info.body.sso).toEqual({ provider_name: 'Test IdP', provider_logout: true });
    const signIn = (await h.events()).find((e) => e.kind === 'sign-in')!;
    expect(signIn.username).toBe(identity);
    expect(signIn.detail).toContain('single sign-on through Test IdP');
    // The ID token is kept sealed, never as it came.
    const stored = await h.db.query<{ id_token_sealed: string }>(
      'select id_token_sealed from sessions',
    );
    expect(stored[0]!.id_token_sealed).toMatch(/^v1\./);
    expect(stored[0]!.id_token_sealed).not.toContain('eyJ');
    // Neither the code, the client's secret nor the state reach a log line.
    const log = h.lines.join('\n');
    expect(log).toContain('"sign_in":"sso"');
    for (const secret of [
      callback.searchParams.get('code')!,
      callback.searchParams.get('state')!,
      'test-client-secret',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('sends the operator back to the sign-in page when the provider cannot be reached', async () => {
    h = await ssoHarness();
    await h.idp.close();
    const response = await fetch(h.url('/api/session/oidc/start'), { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in?sso=unavailable');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('maps each group to its role, re-read at every sign-in', async () => {
    h = await ssoHarness();
    const roleOf = async (username: string) => {
      const browser = new HttpBrowser();
      await h!.signIn(browser, username);
      return ((await h!.session(browser)).body.operator as { role: string }).role;
    };
    expect(await roleOf('sup.desk')).toBe('support');
    expect(await roleOf('adm.root')).toBe('admin');
    expect(await roleOf('fin.ops')).toBe('finance');
    // The directory moves Fay to support: her next sign-in is a support operator's.
    h.idp.user('fin.ops').groups = ['staff', 'console-support'];
    expect(await roleOf('fin.ops')).toBe('support');
    const known = await h.db.query<{ role: string; email: string | null }>(
      'select role, email from sso_operators where subject = $1',
      ['fin.ops'],
    );
    // The provider's email claim is where her notifications go (issue 36).
    expect(known).toEqual([{ role: 'support', email: 'fay@idp.test' }]);
  });

  it('proves itself to the provider with a private-key JWT instead of a secret', async () => {
    h = await ssoHarness({ privateKeyJwt: true });
    const browser = new HttpBrowser();
    expect((await h.signIn(browser, 'sup.desk')).location).toBe('/journal');
    expect(((await h.session(browser)).body.operator as { role: string }).role).toBe('support');
  });

  it('takes the first entry of the role map a person holds', async () => {
    h = await ssoHarness({ roleMap: 'staff=viewer,console-finance=finance' });
    const browser = new HttpBrowser();
    await h.signIn(browser, 'fin.ops');
    expect(((await h.session(browser)).body.operator as { role: string }).role).toBe('viewer');
  });

  it('refuses a person whose groups map to no role, with a page and a security event', async () => {
    h = await ssoHarness();
    const browser = new HttpBrowser();
    const landed = await h.signIn(browser, 'mark.eting');
    expect(landed).toEqual({ status: 303, location: '/sign-in?sso=no-role' });
    expect(await h.sessionRows()).toEqual([]);
    expect(browser.cookies(h.url('/')).console_session).toBeUndefined();
    expect((await h.session(browser)).status).toBe(401);
    const refused = (await h.events()).filter((e) => e.kind === 'sso-sign-in-refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.username).toBe(ssoIdentity(h.idp.issuer, 'mark.eting'));
    expect(refused[0]!.detail).toContain('no console role in groups [staff, marketing]');
  });

  it('ends the session when the ID token expires, if that comes before SESSION_MAX_HOURS', async () => {
    h = await ssoHarness({ idTokenTtlSeconds: 120 });
    const browser = new HttpBrowser();
    const before = Date.now();
    await h.signIn(browser, 'fin.ops');
    const endsAt = Date.parse((await h.session(browser)).body.ends_at as string);
    expect(endsAt).toBeGreaterThan(before + 100_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it('ends the session at SESSION_MAX_HOURS when the ID token lives longer', async () => {
    h = await ssoHarness({
      idTokenTtlSeconds: 3600,
      sessions: createSessionStore(await sharedDb(), { idleMs: 15 * 60_000, maxMs: 60_000 }),
    });
    const browser = new HttpBrowser();
    const before = Date.now();
    await h.signIn(browser, 'fin.ops');
    const endsAt = Date.parse((await h.session(browser)).body.ends_at as string);
    expect(endsAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('offers single sign-on first, and the password form as break-glass', async () => {
    h = await ssoHarness();
    const options = await fetch(h.url('/api/session/options'));
    expect(await options.json()).toEqual({
      sso: { provider_name: 'Test IdP', start_path: '/api/session/oidc/start' },
      password: 'break-glass',
    });
  });

  it('keeps the password form closed without break-glass operators', async () => {
    h = await ssoHarness({ passwordSignIn: false });
    expect(await (await fetch(h.url('/api/session/options'))).json()).toMatchObject({
      password: null,
    });
    const refused = await h.send(new HttpBrowser(), 'POST', '/api/session', {
      username: 'finance',
      password: 'finance-pass-1',
    });
    expect(refused.status).toBe(403);
    expect(await h.sessionRows()).toEqual([]);
  });
});
