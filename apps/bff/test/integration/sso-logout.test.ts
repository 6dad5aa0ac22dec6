import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ssoIdentity } from '../../src/oidc/sso-identity';
import { formAction, hiddenInputs, HttpBrowser } from '../http-browser';
import { CLIENT_ID, ssoHarness, type SsoHarness } from '../sso-harness';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/*
 * Leaving: the console's sign-out goes on to the provider's logout (RP-initiated, with the ID
 * token as hint), and the provider's back-channel logout ends the console sessions it names.
 */
describe('single sign-on logout', () => {
  let h: SsoHarness;
  beforeAll(async () => {
    h = await ssoHarness();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.db.exec('delete from sessions; delete from security_events;');
  });

  it('signs out of the console, then of the provider, and back to the sign-in page', async () => {
    const browser = new HttpBrowser();
    await h.signIn(browser, 'fin.ops');
    const signedOut = await h.send(browser, 'DELETE', '/api/session');
    expect(signedOut.status).toBe(204);
    // The console session is over at once, whatever the browser does next.
    expect((await h.session(browser)).status).toBe(401);
    expect((await h.events()).map((e) => e.kind)).toContain('sign-out');

    const toProvider = await browser.request(h.url('/api/session/oidc/logout'), {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(toProvider.status).toBe(303);
    const endSession = new URL(toProvider.headers.get('location')!);
    expect(endSession.origin + endSession.pathname).toBe(`${h.idp.issuer}/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      h.url('/sign-in?sso=signed-out'),
    );
    expect(browser.cookies(h.url('/')).console_session).toBeUndefined();
    // The sealed token is taken once: the same address again leads nowhere but the sign-in page.
    browser.setCookie(h.url('/'), 'console_session', 'x'.repeat(43));
    const again = await browser.request(h.url('/api/session/oidc/logout'));
    expect(again.headers.get('location')).toBe('/sign-in');

    // The provider asks whether to sign out; yes, and it sends the browser back to the console.
    const confirm = await browser.follow(endSession.toString());
    const html = await confirm.response.text();
    const back = await browser.follow(formAction(html, confirm.url), {
      form: { ...hiddenInputs(html), logout: 'yes' },
    });
    expect(back.url).toBe(h.url('/sign-in?sso=signed-out'));
    // Signed out there too: a new sign-in asks for the password again.
    const started = await browser.follow(h.url('/api/session/oidc/start'));
    expect(await started.response.text()).toContain('name="password"');
  });

  const LOGOUT = '/api/session/oidc/logout';
  const from = (site: string | undefined): { headers: Record<string, string> } => ({
    headers: site === undefined ? {} : { 'Sec-Fetch-Site': site },
  });

  it.each([
    ['the console itself', 'same-origin'],
    ['another site', 'cross-site'],
    ['a sibling site', 'same-site'],
    ['the address bar', 'none'],
    ['a client that names no site', undefined],
  ])(
    'leaves a live session and its cookie alone when %s opens the provider logout',
    async (_, site) => {
      const browser = new HttpBrowser();
      await h.signIn(browser, 'fin.ops');
      const cookie = browser.cookies(h.url('/')).console_session;

      const answer = await browser.request(h.url(LOGOUT), from(site));
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(browser.cookies(h.url('/')).console_session).toBe(cookie);
      expect((await h.session(browser)).status).toBe(200);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/');

      // The sealed ID token was not taken: the real sign-out still reaches the provider.
      expect((await h.send(browser, 'DELETE', '/api/session')).status).toBe(204);
      const toProvider = await browser.request(h.url(LOGOUT), from('same-origin'));
      expect(toProvider.headers.get('location')).toMatch(`${h.idp.issuer}/session/end?`);
    },
  );

  it('changes no cookie on another site’s navigation, which carries no SameSite=Strict cookie', async () => {
    // What a real browser sends when another site links here while the operator is signed in.
    const answer = await fetch(h.url(LOGOUT), {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      redirect: 'manual',
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/sign-in');
  });

  it.each(['cross-site', 'same-site'])(
    'changes no cookie when a %s page opens the provider logout after sign-out',
    async (site) => {
      const browser = new HttpBrowser();
      await h.signIn(browser, 'fin.ops');
      const cookie = browser.cookies(h.url('/')).console_session;
      expect((await h.send(browser, 'DELETE', '/api/session')).status).toBe(204);

      const forged = await browser.request(h.url(LOGOUT), from(site));
      expect(forged.headers.getSetCookie()).toEqual([]);
      expect(browser.cookies(h.url('/')).console_session).toBe(cookie);
      expect(forged.status).toBe(303);
      expect(forged.headers.get('location')).toBe('/sign-in');

      // The console's own navigation, a moment later, still takes the token to the provider.
      const toProvider = await browser.request(h.url(LOGOUT), from('same-origin'));
      expect(toProvider.headers.get('location')).toMatch(`${h.idp.issuer}/session/end?`);
      expect(browser.cookies(h.url('/')).console_session).toBeUndefined();
    },
  );

  it('ends the sessions of a person who signed out at the provider (back-channel)', async () => {
    const browser = new HttpBrowser();
    await h.signIn(browser, 'fin.ops');
    const other = new HttpBrowser();
    await h.signIn(other, 'sup.desk');

    // Fay signs out at the provider's own page, not through the console.
    const confirm = await browser.follow(`${h.idp.issuer}/session/end`);
    const html = await confirm.response.text();
    await browser.follow(formAction(html, confirm.url), {
      form: { ...hiddenInputs(html), logout: 'yes' },
    });

    expect((await h.session(browser)).status).toBe(401);
    expect((await h.session(other)).status).toBe(200);
    const logout = (await h.events()).filter((e) => e.kind === 'sso-logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]!.username).toBe(ssoIdentity(h.idp.issuer, 'fin.ops'));
  });

  it('ends every session of the subject a logout token names, and only those', async () => {
    const first = new HttpBrowser();
    const second = new HttpBrowser();
    const bystander = new HttpBrowser();
    await h.signIn(first, 'adm.root');
    await h.signIn(second, 'adm.root');
    await h.signIn(bystander, 'fin.ops');
    const token = await h.idp.sign({
      iss: h.idp.issuer,
      aud: CLIENT_ID,
      iat: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
      sub: 'adm.root',
      events: { [BACKCHANNEL_EVENT]: {} },
    });
    const answer = await postLogoutToken(token);
    expect(answer.status).toBe(200);
    expect((await h.session(first)).status).toBe(401);
    expect((await h.session(second)).status).toBe(401);
    expect((await h.session(bystander)).status).toBe(200);
  });

  const forgeries: [string, Record<string, unknown>, 'provider' | 'stranger'][] = [
    ['signed by a stranger', {}, 'stranger'],
    ['for another audience', { aud: 'another-client' }, 'provider'],
    ['from another issuer', { iss: 'https://another-idp.example' }, 'provider'],
    ['without the logout event', { events: {} }, 'provider'],
    ['with a nonce (an ID token)', { nonce: 'n' }, 'provider'],
  ];
  it.each(forgeries)('refuses a logout token %s and ends nothing', async (_, change, key) => {
    const browser = new HttpBrowser();
    await h.signIn(browser, 'fin.ops');
    const token = await h.idp.sign(
      {
        iss: h.idp.issuer,
        aud: CLIENT_ID,
        iat: Math.floor(Date.now() / 1000),
        jti: randomUUID(),
        sub: 'fin.ops',
        events: { [BACKCHANNEL_EVENT]: {} },
        ...change,
      },
      { key },
    );
    const answer = await postLogoutToken(token);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect((await h.session(browser)).status).toBe(200);
  });

  /** As the provider's server posts it: a form, no Origin, no CSRF header, no cookie. */
  const postLogoutToken = (token: string) =>
    fetch(h.url('/api/session/oidc/backchannel-logout'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
    });
});
