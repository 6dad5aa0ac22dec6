import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, startTestServer, type Script, type TestServer } from '../../test/test-server';
import {
  TokenError,
  clientForScope,
  createTokenProvider,
  credentialSetFromVariables,
  renewalMarginMs,
  type CredentialSet,
} from './tokens';
import { ServiceBudgetError, type ServiceBudget } from './service-budget';

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
  vi.restoreAllMocks();
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

  it('asks the token endpoint only with room in the service budget, waiting for it within bounds', async () => {
    const asked: string[] = [];
    const waits: number[] = [];
    // Room for one request, then a refusal with room again in 20 ms, then room again.
    const budget: ServiceBudget = {
      async take(path) {
        asked.push(path);
        if (asked.length === 2) throw new ServiceBudgetError('/oauth2/token', 20);
      },
    };
    server = await startTestServer(issuing(3599, 0));
    const tokens = provider(server.url, { budget, sleep: async (ms) => void waits.push(ms) });
    await tokens.getToken('s');
    await tokens.getToken('t');
    expect(asked).toStrictEqual(['/oauth2/token', '/oauth2/token', '/oauth2/token']);
    expect(waits).toStrictEqual([20]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up without asking when the budget has no room within its bounds', async () => {
    const budget: ServiceBudget = {
      take: () => Promise.reject(new ServiceBudgetError('/oauth2/token', 60_000)),
    };
    server = await startTestServer(issuing());
    const tokens = provider(server.url, { budget });
    const failure = (await tokens.getToken('s').catch((e: unknown) => e)) as TokenError;
    expect(failure).toMatchObject({ code: 'ERR_TOKEN_RATE_LIMITED' });
    expect(failure.message).toMatch(/budget of requests to \/oauth2\/token is spent/);
    expect(server.requests).toHaveLength(0);
    expect(tokens.stats()).toStrictEqual({});
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

/** A token endpoint in the test process: answers each request with the next of `answers`. */
function endpoint(...answers: ((index: number) => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit; form: Record<string, string> }[] = [];
  const doFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const index = calls.push({
      url: String(input),
      init: init ?? {},
      form: Object.fromEntries(new URLSearchParams(String(init?.body ?? ''))),
    });
    const answer = answers[Math.min(index - 1, answers.length - 1)];
    if (!answer) throw new Error('no answer scripted');
    return answer(index - 1);
  };
  return { fetch: doFetch as typeof fetch, calls };
}
const token = (body: object) => () => Response.json({ token_type: 'bearer', ...body });
const status =
  (code: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: code, headers });

describe('token provider with its production settings', () => {
  it.each([
    ['a number', 600],
    ['text', '600'],
  ])(
    'renews a token by its own expires_in (%s), not by the default lifetime',
    async (_, expiresIn) => {
      let issued = 0;
      const { fetch: doFetch } = endpoint(() =>
        Response.json({ access_token: `tok-${++issued}`, expires_in: expiresIn }),
      );
      let clock = 5_000_000;
      const tokens = createTokenProvider({
        authUrl: 'https://auth.example',
        credentials,
        fetch: doFetch,
        now: () => clock,
      });
      const first = await tokens.getToken('s');
      const renewAt = 5_000_000 + 600_000 - renewalMarginMs(600_000); // 540 s after it was issued
      clock = renewAt - 1;
      expect(await tokens.getToken('s')).toBe(first);
      clock = renewAt;
      expect(await tokens.getToken('s')).toBe('tok-2');
      expect(tokens.stats()).toStrictEqual({ s: 2 });
    },
  );

  it('serves a token until its own expiry, not the default one, when renewal fails', async () => {
    const { fetch: doFetch } = endpoint(
      token({ access_token: 'short', expires_in: 600 }),
      status(503),
    );
    let clock = 0;
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      now: () => clock,
      sleep: async () => undefined,
    });
    expect(await tokens.getToken('s')).toBe('short');
    clock = 599_999;
    expect(await tokens.getToken('s')).toBe('short');
    clock = 600_000;
    await expect(tokens.getToken('s')).rejects.toMatchObject({ code: 'ERR_TOKEN_UNAVAILABLE' });
  });

  it('assumes the service’s 3599 s lifetime when the endpoint does not say', async () => {
    let issued = 0;
    const { fetch: doFetch } = endpoint(() => Response.json({ access_token: `tok-${++issued}` }));
    let clock = 0;
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      now: () => clock,
    });
    await tokens.getToken('s');
    clock = 3_599_000 - 359_900 - 1;
    expect(await tokens.getToken('s')).toBe('tok-1');
    clock += 1;
    expect(await tokens.getToken('s')).toBe('tok-2');
  });

  it('tries 5 times with full-jitter waits from 1 s, doubling, then gives up', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const waits: number[] = [];
    const { fetch: doFetch, calls } = endpoint(status(429, { error: 'slow_down' }));
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(tokens.getToken('s')).rejects.toMatchObject({ code: 'ERR_TOKEN_RATE_LIMITED' });
    expect(calls).toHaveLength(5);
    expect(waits).toStrictEqual([500, 1_000, 2_000, 4_000]);
  });

  it.each([
    ['waits a Retry-After of 10 s, the longest it may', '10', [10_000], 2],
    ['gives up on a Retry-After of 11 s rather than shorten it', '11', [], 1],
  ])('%s', async (_, retryAfter, waited, requests) => {
    const waits: number[] = [];
    const { fetch: doFetch, calls } = endpoint(
      status(429, { error: 'slow_down' }, { 'Retry-After': retryAfter }),
      token({ access_token: 'after-wait' }),
    );
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      sleep: async (ms) => void waits.push(ms),
    });
    const result = await tokens.getToken('s').catch((error: unknown) => error);
    expect(result).toStrictEqual(requests === 2 ? 'after-wait' : expect.any(TokenError));
    expect(waits).toStrictEqual(waited);
    expect(calls).toHaveLength(requests);
  });

  it('gives each token request 10 s before calling it timed out, and says so', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { fetch: doFetch, calls } = endpoint(() => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      sleep: async () => undefined,
    });
    const failure = (await tokens.getToken('s').catch((e: unknown) => e)) as TokenError;
    expect(failure).toBeInstanceOf(TokenError);
    expect(failure).toMatchObject({
      name: 'TokenError',
      code: 'ERR_TOKEN_UNAVAILABLE',
      message: 'Token request timed out after 10000 ms (client console, scope s)',
      details: { scope: 's', clientId: 'console' },
    });
    expect(calls).toHaveLength(5);
    expect(timeout).toHaveBeenCalledWith(10_000);
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('asks the token endpoint with a form, as the console, without following the caller', async () => {
    const { fetch: doFetch, calls } = endpoint(token({ access_token: 'a' }));
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example//',
      credentials,
      fetch: doFetch,
    });
    await tokens.getToken('transfer:write_fiat_account');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://auth.example/oauth2/token');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'User-Agent': 'svc-operator-console',
      },
    });
    expect(calls[0]?.form).toStrictEqual({
      grant_type: 'client_credentials',
      client_id: 'console-fiat',
      client_secret: FIAT_SECRET,
      scope: 'transfer:write_fiat_account',
    });
  });

  it('names itself with the configured user agent', async () => {
    const { fetch: doFetch, calls } = endpoint(token({ access_token: 'a' }));
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      userAgent: 'console/2',
    });
    await tokens.getToken('s');
    expect((calls[0]?.init.headers as Record<string, string>)['User-Agent']).toBe('console/2');
  });
});

describe('token provider failures', () => {
  const provider = (...answers: Parameters<typeof endpoint>) => {
    const { fetch: doFetch, calls } = endpoint(...answers);
    const waits: number[] = [];
    const tokens = createTokenProvider({
      authUrl: 'https://auth.example',
      credentials,
      fetch: doFetch,
      sleep: async (ms) => void waits.push(ms),
      retry: { attempts: 3, baseDelayMs: 8, maxDelayMs: 100 },
    });
    return { tokens, calls, waits };
  };
  const failure = (tokens: ReturnType<typeof createTokenProvider>) =>
    tokens.getToken('s').then(
      () => {
        throw new Error('expected no token');
      },
      (error: unknown) => error as TokenError,
    );

  it.each<[string, () => Response]>([
    ['no access_token', token({ expires_in: 3599 })],
    ['an empty access_token', token({ access_token: '' })],
    ['a lifetime of zero', token({ access_token: 'a', expires_in: 0 })],
    ['a body that is not JSON', status(200, 'access_token=a')],
  ])('calls a 200 with %s unavailable, and does not ask again', async (_, answer) => {
    const { tokens, calls } = provider(answer);
    expect(await failure(tokens)).toMatchObject({
      code: 'ERR_TOKEN_UNAVAILABLE',
      message: 'Token endpoint answered without a token (client console, scope s)',
    });
    expect(calls).toHaveLength(1);
  });

  it.each([500, 502, 599])('retries a %i, then takes the token', async (code) => {
    const { tokens, calls } = provider(status(code), token({ access_token: 'later' }));
    expect(await tokens.getToken('s')).toBe('later');
    expect(calls).toHaveLength(2);
  });

  it('honours Retry-After on a 503 instead of its own backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const { tokens, waits } = provider(
      status(503, {}, { 'Retry-After': '0' }),
      token({ access_token: 'a' }),
    );
    await tokens.getToken('s');
    expect(waits).toStrictEqual([0]);
  });

  it('backs off within its bounds when no Retry-After is given', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const { tokens, waits } = provider(status(503), status(502), token({ access_token: 'a' }));
    await tokens.getToken('s');
    expect(waits).toStrictEqual([7, 15]);
  });

  it('reports the last 5xx with its status once the attempts are spent', async () => {
    const { tokens, calls } = provider(status(503));
    expect(await failure(tokens)).toMatchObject({
      code: 'ERR_TOKEN_UNAVAILABLE',
      message: 'Token endpoint answered 503 (client console, scope s)',
      details: { status: 503, scope: 's', clientId: 'console' },
    });
    expect(calls).toHaveLength(3);
  });

  it.each<[string, () => Response, string, string]>([
    [
      'unauthorized_client',
      status(400, { error: 'unauthorized_client' }),
      'ERR_TOKEN_INVALID_CLIENT',
      'unauthorized_client',
    ],
    ['a 403 without an OAuth error', status(403, 'Forbidden'), 'ERR_TOKEN_REJECTED', 'HTTP 403'],
    ['a 499', status(499, {}), 'ERR_TOKEN_REJECTED', 'HTTP 499'],
  ])('refuses %s without retrying', async (_, answer, code, what) => {
    const { tokens, calls } = provider(answer);
    expect(await failure(tokens)).toMatchObject({
      code,
      message: `Token endpoint refused: ${what} (client console, scope s)`,
    });
    expect(calls).toHaveLength(1);
  });

  it('calls an unreachable endpoint unreachable, after the bounded attempts', async () => {
    const { tokens, calls } = provider(() => {
      throw new TypeError('fetch failed');
    });
    expect(await failure(tokens)).toMatchObject({
      code: 'ERR_TOKEN_UNAVAILABLE',
      message: 'Token endpoint unreachable (client console, scope s)',
    });
    expect(calls).toHaveLength(3);
  });

  it('shares one failing request among concurrent callers, and asks afresh afterwards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { tokens, calls } = provider(
      async () => {
        await gate;
        return status(401, { error: 'invalid_client' })();
      },
      token({ access_token: 'second' }),
    );
    const both = Promise.allSettled([tokens.getToken('s'), tokens.getToken('s')]);
    release();
    const results = await both;
    expect(results.map((r) => r.status)).toStrictEqual(['rejected', 'rejected']);
    expect(calls).toHaveLength(1);
    expect(await tokens.getToken('s')).toBe('second');
    expect(tokens.stats()).toStrictEqual({ s: 2 });
  });

  it('ignores a 401 for a scope it never served', () => {
    const { tokens, calls } = provider(token({ access_token: 'a' }));
    expect(() => tokens.invalidate('never', 'tok')).not.toThrow();
    expect(calls).toHaveLength(0);
  });

  it('hands out a copy of its counts', async () => {
    const { tokens } = provider(token({ access_token: 'a' }));
    await tokens.getToken('s');
    const stats = tokens.stats();
    stats.s = 99;
    expect(tokens.stats()).toStrictEqual({ s: 1 });
  });
});
