import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBrowser } from '../http-browser';
import { CLIENT_ID, ssoHarness, type SsoHarness } from '../sso-harness';

/*
 * Every way a single sign-on must fail, against the real provider: each makes no session, sends
 * the browser to the sign-in page with a reason, and records a security event saying what did not
 * check out. Forged tokens are signed with the provider's own key (or a stranger's under its key
 * id) and put in the token endpoint's answer, so that only the one claim under test is wrong.
 */
describe('single sign-on refusals', () => {
  let h: SsoHarness;
  beforeAll(async () => {
    h = await ssoHarness();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.db.exec('delete from sessions; delete from security_events; delete from oidc_flows;');
  });

  /** Nothing signed in, and one `sso-sign-in-failed` event whose detail says `why`. */
  async function expectRefused(browser: HttpBrowser, why: RegExp) {
    expect(await h.sessionRows()).toEqual([]);
    expect(browser.cookies(h.url('/')).console_session).toBeUndefined();
    expect((await h.session(browser)).status).toBe(401);
    const failed = (await h.events()).filter((e) => e.kind === 'sso-sign-in-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.detail).toMatch(why);
    expect((await h.events()).filter((e) => e.kind === 'sign-in')).toEqual([]);
  }

  it('refuses a callback whose state is not the one this browser began with', async () => {
    const browser = new HttpBrowser();
    const { callback } = await h.reachCallback(browser, 'fin.ops');
    callback.searchParams.set('state', 'x'.repeat(43));
    expect(await h.visitCallback(browser, callback)).toEqual({
      status: 303,
      location: '/sign-in?sso=failed',
    });
    await expectRefused(browser, /"state" response parameter/);
  });

  it('refuses a callback in a browser that began no sign-in (login CSRF)', async () => {
    const attacker = new HttpBrowser();
    const { callback } = await h.reachCallback(attacker, 'fin.ops');
    const victim = new HttpBrowser();
    expect(await h.visitCallback(victim, callback)).toEqual({
      status: 303,
      location: '/sign-in?sso=expired',
    });
    await expectRefused(victim, /no sign-in was begun in this browser/);
  });

  it('refuses a replayed callback, and a code replayed into a new sign-in', async () => {
    const browser = new HttpBrowser();
    const { callback } = await h.reachCallback(browser, 'fin.ops');
    expect((await h.visitCallback(browser, callback)).location).toBe('/journal');
    await h.db.exec('delete from sessions; delete from security_events;');

    // The very same address again: its flow was used up.
    const again = new HttpBrowser();
    expect((await h.visitCallback(again, callback)).location).toBe('/sign-in?sso=expired');
    await expectRefused(again, /no sign-in was begun/);
    await h.db.exec('delete from security_events;');

    // The code carried into a fresh sign-in of another browser, with that sign-in's state.
    const thief = new HttpBrowser();
    const started = await thief.request(h.url('/api/session/oidc/start'));
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const replay = new URL(callback);
    replay.searchParams.set('state', state);
    expect((await h.visitCallback(thief, replay)).location).toBe('/sign-in?sso=failed');
    await expectRefused(thief, /the provider refused the code: invalid_grant/);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const browser = new HttpBrowser();
    const { callback } = await h.reachCallback(browser, 'fin.ops', (authorization) => {
      authorization.searchParams.set('nonce', 'n'.repeat(43));
      return authorization;
    });
    expect((await h.visitCallback(browser, callback)).location).toBe('/sign-in?sso=failed');
    await expectRefused(browser, /"nonce" claim value/);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const forged: [string, (issued: JWTPayload) => Promise<string>, RegExp][] = [
    [
      'from another issuer',
      (issued) => h.idp.sign({ ...issued, iss: 'https://another-idp.example' }),
      /"iss" \(issuer\) claim value/,
    ],
    [
      'for another audience',
      (issued) => h.idp.sign({ ...issued, aud: 'another-client' }),
      /"aud" \(audience\) claim value/,
    ],
    [
      'that expired',
      (issued) => h.idp.sign({ ...issued, iat: now() - 7200, exp: now() - 3600 }),
      /"exp" \(expiration time\) claim value/,
    ],
    [
      'signed by a key the provider never published',
      (issued) => h.idp.sign(issued, { key: 'stranger' }),
      /signature verification failed/,
    ],
  ];
  it.each(forged)('refuses an ID token %s', async (_, forge, why) => {
    const browser = new HttpBrowser();
    const { callback } = await h.reachCallback(browser, 'fin.ops');
    h.idp.replaceNextIdToken(forge);
    expect((await h.visitCallback(browser, callback)).location).toBe('/sign-in?sso=failed');
    await expectRefused(browser, why);
  });

  it('takes the same token, unforged, as a sign-in (the forgery above is all that differs)', async () => {
    const browser = new HttpBrowser();
    const { callback } = await h.reachCallback(browser, 'fin.ops');
    h.idp.replaceNextIdToken((issued) => h.idp.sign(issued));
    expect((await h.visitCallback(browser, callback)).location).toBe('/journal');
    expect((await h.session(browser)).status).toBe(200);
  });

  it('refuses a sign-in the provider refused, saying so', async () => {
    const browser = new HttpBrowser();
    const started = await browser.request(h.url('/api/session/oidc/start'));
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const callback = new URL(h.url('/api/session/oidc/callback'));
    callback.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'the person cancelled',
      state,
      iss: h.idp.issuer,
    }).toString();
    expect((await h.visitCallback(browser, callback)).location).toBe(
      '/sign-in?sso=provider-refused',
    );
    await expectRefused(browser, /access_denied \(the person cancelled\)/);
  });

  it('answers the callback with a page, never an error body, whatever it is sent', async () => {
    for (const query of ['', '?code=', '?state=%00', `?code=x&state=y&iss=${CLIENT_ID}`]) {
      const browser = new HttpBrowser();
      const response = await browser.request(h.url(`/api/session/oidc/callback${query}`));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/sign-in\?sso=/);
    }
    expect(await h.sessionRows()).toEqual([]);
  });
});
