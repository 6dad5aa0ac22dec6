import { afterEach, describe, expect, it } from 'vitest';
import { json, startTestServer, type Script, type TestServer } from '../../test/test-server';
import {
  TokenError,
  clientForScope,
  createTokenProvider,
  credentialSetFromVariables,
  renewalMarginMs,
  type CredentialSet,
} from './tokens';

const SECRET = 'default-secret-Zq9';
const FIAT_SECRET = 'fiat-secret-Kx2';
const credentials: CredentialSet = {
  default: { clientId: 'console', clientSecret: SECRET },
  groups: [
    {
      name: 'fiat',
      clientId: 'console-fiat',
      clientSecret: FIAT_SECRET,
      scopes: ['transfer:write_fiat_account'],
    },
  ],
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

let issued = 0;
/** A token endpoint that answers every request with a fresh token after a short delay. */
const issuing =
  (expiresIn = 3599, delayMs = 20): Script =>
  (request, res) => {
    const form = new URLSearchParams(request.body.toString());
    setTimeout(
      () =>
        json(res, 200, {
          access_token: `tok-${++issued}-${form.get('scope')}`,
          token_type: 'bearer',
          expires_in: expiresIn,
          scope: form.get('scope'),
        }),
      delayMs,
    );
  };

function provider(url: string, extra: Partial<Parameters<typeof createTokenProvider>[0]> = {}) {
  return createTokenProvider({
    authUrl: url,
    credentials,
    retry: { attempts: 4, baseDelayMs: 1, maxDelayMs: 50 },
    ...extra,
  });
}

describe('token provider', () => {
  it('makes one token request per scope for 200 concurrent callers', async () => {
    server = await startTestServer(issuing());
    const tokens = provider(server.url);
    const scopes = ['exchange:write_order', 'transfer:write_fiat_account'];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => tokens.getToken(scopes[i % 2] as string)),
    );

    expect(server.requests).toHaveLength(2);
    expect(tokens.stats()).toStrictEqual({
      'exchange:write_order': 1,
      'transfer:write_fiat_account': 1,
    });
    expect(new Set(results).size).toBe(2);
    const forms = server.requests.map((r) =>
      Object.fromEntries(new URLSearchParams(r.body.toString())),
    );
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/oauth2/token' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(forms).toContainEqual({
      grant_type: 'client_credentials',
      client_id: 'console',
      client_secret: SECRET,
      scope: 'exchange:write_order',
    });
    expect(forms).toContainEqual({
      grant_type: 'client_credentials',
      client_id: 'console-fiat',
      client_secret: FIAT_SECRET,
      scope: 'transfer:write_fiat_account',
    });
    // Cached afterwards.
    await tokens.getToken('exchange:write_order');
    expect(server.requests).toHaveLength(2);
  });

  it('renews ahead of expiry, not before', async () => {
    server = await startTestServer(issuing(3599, 0));
    let clock = 1_000_000;
    const tokens = provider(server.url, { now: () => clock });
    const first = await tokens.getToken('s');
    const margin = renewalMarginMs(3_599_000); // 359.9 s
    clock += 3_599_000 - margin - 1;
    expect(await tokens.getToken('s')).toBe(first);
    clock += 2;
    const renewed = await tokens.getToken('s');
    expect(renewed).not.toBe(first);
    expect(tokens.stats()).toStrictEqual({ s: 2 });
  });

  it('renews a short-lived token at half its lifetime at the latest', () => {
    expect(renewalMarginMs(20_000)).toBe(10_000);
    expect(renewalMarginMs(120_000)).toBe(30_000);
    expect(renewalMarginMs(3_599_000)).toBeCloseTo(359_900);
  });

  it('keeps serving a still-valid token when its early renewal fails', async () => {
    let fail = false;
    server = await startTestServer((request, res, index) =>
      fail ? json(res, 503, {}) : issuing(3599, 0)(request, res, index, undefined as never),
    );
    let clock = 0;
    const tokens = provider(server.url, { now: () => clock, retry: { attempts: 1 } });
    const first = await tokens.getToken('s');
    fail = true;
    clock = 3_599_000 - 1_000; // inside the renewal window, not expired
    expect(await tokens.getToken('s')).toBe(first);
    clock = 3_599_000; // expired
    await expect(tokens.getToken('s')).rejects.toMatchObject({ code: 'ERR_TOKEN_UNAVAILABLE' });
  });

  it('fetches once more after invalidate, and ignores invalidating a stale token', async () => {
    server = await startTestServer(issuing(3599, 5));
    const tokens = provider(server.url);
    const first = await tokens.getToken('s');
    tokens.invalidate('s', first);
    const [a, b] = await Promise.all([tokens.getToken('s'), tokens.getToken('s')]);
    expect(a).toBe(b);
    expect(a).not.toBe(first);
    tokens.invalidate('s', first); // a late 401 for the old token
    expect(await tokens.getToken('s')).toBe(a);
    expect(tokens.stats()).toStrictEqual({ s: 2 });
  });

  it('backs off on 429, honouring Retry-After, then succeeds', async () => {
    const waits: number[] = [];
    server = await startTestServer((request, res, index) =>
      index < 2
        ? json(res, 429, { error: 'slow_down' }, { 'Retry-After': '0' })
        : issuing(3599, 0)(request, res, index, undefined as never),
    );
    const tokens = provider(server.url, {
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(tokens.getToken('s')).resolves.toMatch(/^tok-/);
    expect(waits).toStrictEqual([0, 0]);
    expect(tokens.stats()).toStrictEqual({ s: 3 });
  });

  it('gives up, bounded, when rate-limited for longer than it may wait', async () => {
    server = await startTestServer((_, res) =>
      json(res, 429, { error: 'slow_down' }, { 'Retry-After': '120' }),
    );
    const tokens = provider(server.url);
    await expect(tokens.getToken('s')).rejects.toMatchObject({ code: 'ERR_TOKEN_RATE_LIMITED' });
    expect(server.requests).toHaveLength(1);
  });

  it('stops after the bounded number of attempts without Retry-After', async () => {
    server = await startTestServer((_, res) => json(res, 429, {}));
    const tokens = provider(server.url);
    await expect(tokens.getToken('s')).rejects.toMatchObject({ code: 'ERR_TOKEN_RATE_LIMITED' });
    expect(server.requests).toHaveLength(4);
  });

  it.each([
    ['invalid_client', 401, 'ERR_TOKEN_INVALID_CLIENT'],
    ['invalid_scope', 400, 'ERR_TOKEN_INVALID_SCOPE'],
    ['invalid_request', 400, 'ERR_TOKEN_REJECTED'],
  ])('surfaces %s as %s without the secret, and does not retry', async (error, status, code) => {
    server = await startTestServer((_, res) =>
      json(res, status, { error, error_description: `bad secret ${SECRET}` }),
    );
    const tokens = provider(server.url);
    const failure = (await tokens.getToken('s').catch((e: unknown) => e)) as TokenError;
    expect(failure).toBeInstanceOf(TokenError);
    expect(failure.code).toBe(code);
    expect(failure.details).toMatchObject({ status, oauthError: error, clientId: 'console' });
    expect(JSON.stringify({ ...failure, message: failure.message })).not.toContain(SECRET);
    expect(server.requests).toHaveLength(1);
  });

  it('reports an unreachable endpoint as unavailable', async () => {
    server = await startTestServer(issuing());
    const url = server.url;
    await server.close();
    server = undefined;
    const tokens = provider(url, { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 } });
    await expect(tokens.getToken('s')).rejects.toMatchObject({ code: 'ERR_TOKEN_UNAVAILABLE' });
    expect(tokens.stats()).toStrictEqual({ s: 2 });
  });
});

describe('credentials per scope group', () => {
  it.each([
    ['transfer:write_fiat_account', 'fiat', 'console-fiat'],
    ['exchange:write_order', 'default', 'console'],
    ['unknown:scope', 'default', 'console'],
  ])('serves %s with the %s client', (scope, name, clientId) => {
    expect(clientForScope(credentials, scope)).toMatchObject({ name, clientId });
  });

  it('reads groups from environment-shaped variables', () => {
    const { set, problems } = credentialSetFromVariables({
      SVC_CLIENT_ID: 'a',
      SVC_CLIENT_SECRET: 'sa',
      SVC_CLIENT_FIAT_ACCOUNTS_ID: 'b',
      SVC_CLIENT_FIAT_ACCOUNTS_SECRET: 'sb',
      SVC_CLIENT_FIAT_ACCOUNTS_SCOPES:
        'transfer:write_fiat_account, transfer:write_deposit_address',
      OTHER: 'x',
    });
    expect(problems).toStrictEqual([]);
    expect(set.default).toStrictEqual({ clientId: 'a', clientSecret: 'sa' });
    expect(clientForScope(set, 'transfer:write_deposit_address')).toStrictEqual({
      name: 'fiat_accounts',
      clientId: 'b',
      clientSecret: 'sb',
    });
  });

  it('names every problem of a bad configuration without printing secrets', () => {
    const { problems } = credentialSetFromVariables({
      SVC_CLIENT_ID: 'a',
      SVC_CLIENT_FIAT_ID: 'b',
      SVC_CLIENT_FIAT_SECRET: 'hidden-1',
      SVC_CLIENT_FIAT_SCOPES: 'x:y',
      SVC_CLIENT_MONEY_SECRET: 'hidden-2',
      SVC_CLIENT_MONEY_SCOPES: 'x:y',
    });
    expect(problems).toStrictEqual([
      'SVC_CLIENT_ID and SVC_CLIENT_SECRET must both be set',
      'SVC_CLIENT_MONEY_ID must be set',
      'scope x:y is listed by both SVC_CLIENT_FIAT_SCOPES and SVC_CLIENT_MONEY_SCOPES',
    ]);
    expect(problems.join()).not.toMatch(/hidden/);
  });
});
