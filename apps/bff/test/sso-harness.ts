/**
 * Test support (not shipped): the BFF on a real loopback port, configured for single sign-on
 * with a real OpenID provider (`@console/test-idp`, oidc-provider) over HTTP, and a browser that
 * signs in at the provider's own login page.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { startTestProvider, TEST_ROLE_MAP, type TestProvider } from '@console/test-idp';
import type { AppDeps } from '../src/app-deps';
import { createOidcClient } from '../src/oidc/oidc-client';
import { parseRoleMap, type OidcSettings } from '../src/oidc/oidc-settings';
import { BROWSER_HEADERS, echoSuccess, scriptedClient, testApp } from './harness';
import { formAction, HttpBrowser } from './http-browser';

export const CLIENT_ID = 'console';
const CLIENT_SECRET = 'test-client-secret-made-for-this-run';

export interface SsoHarnessOptions extends Partial<AppDeps> {
  idTokenTtlSeconds?: number;
  roleMap?: string;
  /** The console proves itself with a private-key JWT (a P-256 key made here), not a secret. */
  privateKeyJwt?: boolean;
}

/** A P-256 key pair for `private_key_jwt`: the PEM for the console, the JWK for the provider. */
function clientKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    jwk: { ...publicKey.export({ format: 'jwk' }), kid: 'console-key-1', alg: 'ES256', use: 'sig' },
  };
}

/** The provider, the BFF serving on a port, and helpers to drive a browser through both. */
export async function ssoHarness(options: SsoHarnessOptions = {}) {
  const idp = await startTestProvider(
    options.idTokenTtlSeconds ? { idTokenTtlSeconds: options.idTokenTtlSeconds } : {},
  );
  const listen = { host: '127.0.0.1', port: 0 };
  const origin = () => `http://127.0.0.1:${listen.port}`;
  const key = options.privateKeyJwt ? clientKey() : undefined;
  const settings: OidcSettings = {
    issuer: idp.issuer,
    clientId: CLIENT_ID,
    clientAuth: key
      ? { kind: 'private-key-jwt', pem: key.pem, kid: key.jwk.kid, file: '(test)' }
      : { kind: 'client-secret', secret: CLIENT_SECRET },
    roleClaim: 'groups',
    roleMap: parseRoleMap(options.roleMap ?? TEST_ROLE_MAP).map,
    providerName: 'Test IdP',
    scopes: 'openid profile email groups',
    insecureLoopback: true,
  };
  const sso = createOidcClient(settings, {
    redirectUri: () => `${origin()}/api/session/oidc/callback`,
    postLogoutRedirectUri: () => `${origin()}/sign-in?sso=signed-out`,
  });
  const { idTokenTtlSeconds: _ttl, roleMap: _map, privateKeyJwt: _key, ...deps } = options;
  const h = await testApp({
    client: scriptedClient(echoSuccess).client,
    sso,
    ...deps,
    security: { sleep: async () => {}, sendRatePerMinute: 100_000, listen, ...deps.security },
  });
  await h.db.exec('delete from oidc_flows; delete from sso_operators;');
  const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  listen.port = (server.address() as AddressInfo).port;
  idp.register([
    {
      client_id: CLIENT_ID,
      ...(key
        ? {
            token_endpoint_auth_method: 'private_key_jwt',
            token_endpoint_auth_signing_alg: 'ES256',
            jwks: { keys: [key.jwk] },
          }
        : { client_secret: CLIENT_SECRET }),
      redirect_uris: [`${origin()}/api/session/oidc/callback`],
      post_logout_redirect_uris: [`${origin()}/sign-in?sso=signed-out`],
      backchannel_logout_uri: `${origin()}/api/session/oidc/backchannel-logout`,
      backchannel_logout_session_required: true,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);

  const url = (path: string) => `${origin()}${path}`;

  /**
   * Begins a sign-in in `browser`, signs in at the provider's login page as `username`, and
   * stops at the provider's redirect back: the callback address, not yet visited.
   * `tamper` may change the authorization request on its way to the provider.
   */
  async function reachCallback(
    browser: HttpBrowser,
    username: string,
    tamper: (authorization: URL) => URL = (u) => u,
  ): Promise<{ callback: URL; authorization: URL }> {
    const started = await browser.request(url('/api/session/oidc/start?next=/journal'));
    const authorization = new URL(started.headers.get('location')!);
    const atProvider = await browser.follow(tamper(authorization).toString());
    const html = await atProvider.response.text();
    const user = idp.user(username);
    const back = await browser.follow(
      formAction(html, atProvider.url),
      { form: { username: user.username, password: user.password } },
      (next) => next.toString().startsWith(url('/api/session/oidc/callback')),
    );
    if (!back.url.startsWith(url('/api/session/oidc/callback'))) {
      throw new Error(`the provider did not send the browser back: ${back.url}`);
    }
    return { callback: new URL(back.url), authorization };
  }

  /** The console's answer to the callback: where it sends the browser. */
  async function visitCallback(browser: HttpBrowser, callback: URL) {
    const response = await browser.request(callback.toString());
    return { status: response.status, location: response.headers.get('location') };
  }

  /** A whole sign-in; returns where the console sent the browser. */
  async function signIn(browser: HttpBrowser, username: string) {
    const { callback } = await reachCallback(browser, username);
    return visitCallback(browser, callback);
  }

  /** `GET /api/session` in this browser: the session info, or the status without one. */
  async function session(browser: HttpBrowser) {
    const response = await browser.request(url('/api/session'));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A state-changing request as the SPA sends it. */
  function send(browser: HttpBrowser, method: string, path: string, body?: unknown) {
    return fetch(url(path), {
      method,
      headers: {
        ...BROWSER_HEADERS,
        Origin: origin(),
        cookie: Object.entries(browser.cookies(url('/')))
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
      body: JSON.stringify(body ?? {}),
    });
  }

  const events = () =>
    h.db.query<{
      kind: string;
      username: string;
      detail: string | null;
      session_id: string | null;
    }>('select kind, username, detail, session_id from security_events order by seq');
  const sessionRows = () =>
    h.db.query<{ username: string; method: string; ended_at: string | null; expires_at: string }>(
      'select username, method, ended_at, expires_at from sessions order by created_at',
    );

  return {
    ...h,
    idp: idp as TestProvider,
    settings,
    url,
    origin,
    reachCallback,
    visitCallback,
    signIn,
    session,
    send,
    events,
    sessionRows,
    async close() {
      await new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      });
      await idp.close();
    },
  };
}

export type SsoHarness = Awaited<ReturnType<typeof ssoHarness>>;
