import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importSPKI } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_RETRY,
  RETRYABLE_STATUSES,
  createUpstreamClient,
  existingMatchesIntent,
  existingRecord,
  isAlreadyExists,
} from './client';
import { createSigner, type Signer } from './signing';
import {
  json,
  startTestServer,
  type RecordedRequest,
  type Script,
  type TestServer,
} from '../../test/test-server';
import { createTokenProvider, type TokenProvider } from './tokens';
import { ServiceBudgetError, type ServiceBudget } from './service-budget';

const SCOPE = 'transfer:write_internal_transfer';
const PATH = '/v2/transfer/internal';
const BODY = JSON.stringify({
  from_profile_id: 'p-1',
  to_profile_id: 'p-2',
  amount: '1.50',
  asset: 'USD',
  ref_id: 'ref-42',
  metadata: { note: 'café ☕' },
});
const READ_PATH = '/v2/transfer/transfers?profile_ids=p-1&statuses=PENDING&limit=50';
const CREATED = { id: 't-1', profile_id: 'p-1', amount: '1.5', asset: 'USD', ref_id: 'ref-42' };
const SECRET = 'client-secret-Pw7';
const ALLOWED = [
  'authorization',
  'content-type',
  'accept',
  'svc-signature',
  'x-request-id',
  'user-agent',
];
/** Added by the HTTP stack itself (undici), not by the client. */
const TRANSPORT = [
  'host',
  'connection',
  'content-length',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
];

let publicKeyPem: string;
let signer: Signer;
beforeAll(async () => {
  const pair = generateKeyPairSync('ed25519');
  publicKeyPem = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  signer = await createSigner({
    privateKeyPem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    kid: 'kid-test',
  });
});

const servers: TestServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A fixed instant for the clocks the tests control: 2026-03-01T00:00:00Z. */
const T0 = Date.parse('2026-03-01T00:00:00Z');

/** A token server issuing `tok-1`, `tok-2`, … and a scripted upstream, with a client over both. */
async function setup(script: Script, extra: { timeoutMs?: number; budget?: ServiceBudget } = {}) {
  let issued = 0;
  const auth = await startTestServer((_, res) =>
    json(res, 200, { access_token: `tok-${++issued}`, token_type: 'bearer', expires_in: 3599 }),
  );
  const upstream = await startTestServer(script);
  servers.push(auth, upstream);
  const tokens: TokenProvider = createTokenProvider({
    authUrl: auth.url,
    credentials: { default: { clientId: 'console', clientSecret: SECRET } },
  });
  let tick = 0;
  const waits: number[] = [];
  const base = T0;
  const client = createUpstreamClient({
    baseUrl: upstream.url,
    tokens,
    signer,
    retry: { attempts: 4, baseDelayMs: 2, maxDelayMs: 20 },
    // Each reading of the clock is one second later, so a re-signed attempt shows a new timestamp.
    now: () => base + 1000 * tick++,
    sleep: async (ms) => void waits.push(ms),
    ...(extra.budget ? { budget: extra.budget } : {}),
  });
  const send = () =>
    client.send({
      method: 'POST',
      path: PATH,
      body: BODY,
      scope: SCOPE,
      timeoutMs: extra.timeoutMs ?? 2_000,
      requestId: 'req-1',
    });
  const read = () =>
    client.send({
      method: 'GET',
      path: READ_PATH,
      body: '',
      scope: 'transfer:read_transfer',
      timeoutMs: extra.timeoutMs ?? 2_000,
      requestId: 'req-2',
      safe: true,
    });
  return { upstream, tokens, send, read, waits, base };
}

/** What every attempt must have carried: the same bytes, a valid fresh signature, allowed headers. */
async function expectWellFormedAttempts(requests: RecordedRequest[], base: number) {
  const key = await importSPKI(publicKeyPem, 'EdDSA');
  let previous = -1;
  for (const request of requests) {
    expect(request.method).toBe('POST');
    expect(request.url).toBe(PATH);
    expect(request.body.equals(Buffer.from(BODY, 'utf8'))).toBe(true);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-request-id']).toBe('req-1');
    expect(request.headers.authorization).toMatch(/^Bearer tok-\d+$/);
    const extra = request.headerNames.filter((n) => !ALLOWED.includes(n) && !TRANSPORT.includes(n));
    expect(extra).toStrictEqual([]);

    const jws = request.headers['svc-signature'] as string;
    const { payload } = await compactVerify(jws, key);
    expect(Buffer.from(payload).equals(request.body)).toBe(true);
    const header = decodeProtectedHeader(jws);
    expect(header).toMatchObject({
      alg: 'EdDSA',
      kid: 'kid-test',
      'svc/request-method': 'POST',
      'svc/request-path': PATH,
    });
    const timestamp = Number(header['svc/timestamp']);
    expect(timestamp).toBeGreaterThan(previous);
    expect(timestamp).toBeGreaterThanOrEqual(Math.floor(base / 1000));
    previous = timestamp;
  }
}

const ok: Script = (_, res) => json(res, 200, CREATED);
/** Runs `first` for the first `n` requests, then `then`. */
const times =
  (n: number, first: Script, then: Script = ok): Script =>
  (request, res, index, req) =>
    (index < n ? first : then)(request, res, index, req);
const reset: Script = (_, _res, _i, req) => void req.socket.resetAndDestroy();
const hang: Script = () => undefined;

describe('upstream client against a scripted upstream', () => {
  it('retries a connection reset and answers with the retry', async () => {
    const { upstream, send, base } = await setup(times(1, reset));
    const outcome = await send();
    expect(outcome).toStrictEqual({
      kind: 'answered',
      status: 200,
      body: CREATED,
      text: JSON.stringify(CREATED),
      attempts: 2,
      retried: true,
    });
    expect(upstream.requests).toHaveLength(2);
    await expectWellFormedAttempts(upstream.requests, base);
  });

  it('gives no answer when every attempt is reset', async () => {
    const { upstream, send, waits } = await setup(reset);
    const outcome = await send();
    expect(outcome).toMatchObject({ kind: 'no-answer', attempts: 4 });
    expect(outcome.kind === 'no-answer' && outcome.error).toMatch(/^connection (reset|closed)/);
    expect(upstream.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
    waits.forEach((w, i) => expect(w).toBeLessThanOrEqual(Math.min(20, 2 * 2 ** i)));
  });

  it('retries a timeout and answers with the retry', async () => {
    const { upstream, send, base } = await setup(times(1, hang), { timeoutMs: 150 });
    const outcome = await send();
    expect(outcome).toMatchObject({ kind: 'answered', status: 200, attempts: 2, retried: true });
    await expectWellFormedAttempts(upstream.requests, base);
  });

  it('gives no answer when every attempt times out', async () => {
    const { upstream, send } = await setup(hang, { timeoutMs: 100 });
    const outcome = await send();
    expect(outcome).toStrictEqual({
      kind: 'no-answer',
      error: 'timeout after 100 ms',
      attempts: 4,
    });
    expect(upstream.requests).toHaveLength(4);
  });

  it('retries 503 twice, then answers 200', async () => {
    const { upstream, send, base } = await setup(
      times(2, (_, res) => json(res, 503, { status: 503 })),
    );
    expect(await send()).toStrictEqual({
      kind: 'answered',
      status: 200,
      body: CREATED,
      text: JSON.stringify(CREATED),
      attempts: 3,
      retried: true,
    });
    await expectWellFormedAttempts(upstream.requests, base);
  });

  it('honours Retry-After on 429, then answers 200', async () => {
    const { upstream, send, waits, base } = await setup(
      times(1, (_, res) => json(res, 429, { status: 429 }, { 'Retry-After': '0' })),
    );
    expect(await send()).toMatchObject({ kind: 'answered', status: 200, attempts: 2 });
    expect(waits).toStrictEqual([0]);
    await expectWellFormedAttempts(upstream.requests, base);
  });

  it('does not shorten a Retry-After beyond its bound: answers the 429', async () => {
    const { upstream, send } = await setup((_, res) =>
      json(res, 429, { status: 429 }, { 'Retry-After': '60' }),
    );
    expect(await send()).toMatchObject({
      kind: 'answered',
      status: 429,
      attempts: 1,
      retried: false,
    });
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers the last 503 when retries are spent', async () => {
    const { upstream, send } = await setup((_, res) => json(res, 503, { status: 503 }));
    expect(await send()).toMatchObject({
      kind: 'answered',
      status: 503,
      attempts: 4,
      retried: true,
    });
    expect(upstream.requests).toHaveLength(4);
  });

  it('refetches the token once after a 401, then answers 200', async () => {
    const { upstream, send, tokens, base } = await setup(
      times(1, (_, res) => json(res, 401, { status: 401 })),
    );
    expect(await send()).toMatchObject({ kind: 'answered', status: 200, attempts: 2 });
    expect(upstream.requests.map((r) => r.headers.authorization)).toStrictEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    expect(tokens.stats()).toStrictEqual({ [SCOPE]: 2 });
    await expectWellFormedAttempts(upstream.requests, base);
  });

  it('answers a second 401 without trying again', async () => {
    const { upstream, send, tokens } = await setup((_, res) => json(res, 401, { status: 401 }));
    expect(await send()).toMatchObject({ kind: 'answered', status: 401, attempts: 2 });
    expect(upstream.requests).toHaveLength(2);
    expect(tokens.stats()).toStrictEqual({ [SCOPE]: 2 });
  });

  it.each([400, 403, 404, 409, 422, 500])('never retries %i', async (status) => {
    const { upstream, send } = await setup((_, res) => json(res, status, { status }));
    expect(await send()).toMatchObject({ kind: 'answered', status, attempts: 1, retried: false });
    expect(upstream.requests).toHaveLength(1);
  });

  it('retries a read on any 5xx, a read being safe to repeat, and signs it over an empty payload', async () => {
    const { upstream, read } = await setup(times(2, (_, res) => json(res, 500, { status: 500 })));
    expect(await read()).toMatchObject({ kind: 'answered', status: 200, attempts: 3 });
    const key = await importSPKI(publicKeyPem, 'EdDSA');
    for (const request of upstream.requests) {
      expect(request.method).toBe('GET');
      expect(request.url).toBe(READ_PATH);
      expect(request.body).toHaveLength(0);
      expect(request.headers['content-type']).toBeUndefined();
      const jws = request.headers['svc-signature'] as string;
      expect(Buffer.from((await compactVerify(jws, key)).payload)).toHaveLength(0);
      expect(decodeProtectedHeader(jws)).toMatchObject({
        'svc/request-method': 'GET',
        'svc/request-path': READ_PATH,
      });
    }
  });

  it.each([400, 403, 404])('does not retry a read answered %i', async (status) => {
    const { upstream, read } = await setup((_, res) => json(res, status, { status }));
    expect(await read()).toMatchObject({ kind: 'answered', status, attempts: 1 });
    expect(upstream.requests).toHaveLength(1);
  });

  it('recognises 409 already-exists after a lost answer as the intent that succeeded', async () => {
    const existing = { ...CREATED, status: 'COMPLETED' };
    const { send } = await setup(
      times(1, reset, (_, res) =>
        json(res, 409, {
          type: 'https://docs.example/problems/already-exists',
          title: 'Already exists',
          status: 409,
          meta: { existing },
        }),
      ),
    );
    const outcome = await send();
    expect(outcome).toMatchObject({ kind: 'answered', status: 409, retried: true });
    expect(isAlreadyExists(outcome)).toBe(true);
    expect(existingRecord(outcome)).toStrictEqual(existing);
    expect(existingMatchesIntent(JSON.parse(BODY), {}, existing)).toBe(true);
  });

  it('throws the token error when nothing could be sent', async () => {
    const auth = await startTestServer((_, res) => json(res, 401, { error: 'invalid_client' }));
    const upstream = await startTestServer(ok);
    servers.push(auth, upstream);
    const client = createUpstreamClient({
      baseUrl: upstream.url,
      tokens: createTokenProvider({
        authUrl: auth.url,
        credentials: { default: { clientId: 'c', clientSecret: SECRET } },
      }),
    });
    const send = client.send({
      method: 'POST',
      path: PATH,
      body: BODY,
      scope: SCOPE,
      timeoutMs: 1000,
      requestId: 'r',
    });
    await expect(send).rejects.toMatchObject({ code: 'ERR_TOKEN_INVALID_CLIENT' });
    expect(upstream.requests).toHaveLength(0);
  });

  /** A budget that allows `room` requests, then refuses; it keeps the paths it was asked for. */
  const budgetOf = (room: number) => {
    const asked: string[] = [];
    const budget: ServiceBudget = {
      async take(path) {
        asked.push(path);
        if (asked.length > room) throw new ServiceBudgetError('/v2/transfer/internal', 1_500);
      },
    };
    return { budget, asked };
  };

  it('takes every attempt from the service budget, retries and a fresh token’s included', async () => {
    const { budget, asked } = budgetOf(10);
    const { upstream, send } = await setup(
      times(2, (_, res, index) => json(res, index === 0 ? 503 : 401, { status: 503 }), ok),
      { budget },
    );
    expect(await send()).toMatchObject({ kind: 'answered', status: 200, attempts: 3 });
    expect(upstream.requests).toHaveLength(3);
    expect(asked).toStrictEqual([PATH, PATH, PATH]);
  });

  it('sends nothing when the budget refuses the first attempt, and says why', async () => {
    const { budget, asked } = budgetOf(0);
    const { upstream, send } = await setup(ok, { budget });
    await expect(send()).rejects.toMatchObject({
      name: 'ServiceBudgetError',
      endpoint: '/v2/transfer/internal',
      retryAfterMs: 1_500,
    });
    expect(asked).toHaveLength(1);
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers what it last heard when the budget refuses a retry', async () => {
    const { budget } = budgetOf(1);
    const { upstream, read } = await setup((_, res) => json(res, 503, { status: 503 }), {
      budget,
    });
    expect(await read()).toMatchObject({ kind: 'answered', status: 503, attempts: 1 });
    expect(upstream.requests).toHaveLength(1);
  });

  it('sends unsigned without a signer, signed with the system clock’s time otherwise', async () => {
    // Only Date is faked: the system clock reads a chosen instant, timers and sockets run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0 + 1_999);
    const upstream = await startTestServer(ok);
    servers.push(upstream);
    const tokens = { getToken: async () => 'static', invalidate: () => undefined };
    const unsigned = createUpstreamClient({ baseUrl: upstream.url, tokens });
    const signed = createUpstreamClient({ baseUrl: `${upstream.url}/`, tokens, signer });
    const request = {
      method: 'PUT',
      path: '/v2/transfer/fiat-accounts/f-1',
      body: '{}',
      scope: 's',
      timeoutMs: 1000,
      requestId: 'r',
    };
    await unsigned.send(request);
    await signed.send(request);
    expect(upstream.requests[0]?.headers['svc-signature']).toBeUndefined();
    const header = decodeProtectedHeader(upstream.requests[1]?.headers['svc-signature'] as string);
    expect(header['svc/timestamp']).toBe(String((T0 + 1_000) / 1000));
    expect(header['svc/request-method']).toBe('PUT');
    expect(upstream.requests[1]?.url).toBe('/v2/transfer/fiat-accounts/f-1');
  });
});

describe('upstream client production settings', () => {
  it('tries a send at most 4 times, waiting from 250 ms up to 5 s', () => {
    expect(DEFAULT_RETRY).toStrictEqual({ attempts: 4, baseDelayMs: 250, maxDelayMs: 5_000 });
  });

  it('resends a write only on 429, 502, 503 and 504', () => {
    expect([...RETRYABLE_STATUSES].sort()).toStrictEqual([429, 502, 503, 504]);
  });

  it('signs with the clock it is given', async () => {
    const upstream = await startTestServer(ok);
    servers.push(upstream);
    const client = createUpstreamClient({
      baseUrl: upstream.url,
      tokens: { getToken: async () => 'static', invalidate: () => undefined },
      signer,
      now: () => T0 + 42_500,
    });
    await client.send({
      method: 'POST',
      path: PATH,
      body: BODY,
      scope: SCOPE,
      timeoutMs: 1000,
      requestId: 'r',
    });
    const header = decodeProtectedHeader(upstream.requests[0]?.headers['svc-signature'] as string);
    expect(header['svc/timestamp']).toBe(String((T0 + 42_000) / 1000));
  });
});
