/* Helpers for the sandbox's tests: a sandbox over real HTTP on a manual clock, tokens, calls. */
import { CompactSign, type CryptoKey } from 'jose';
import { operations, type ReadOperationId, type WriteOperationId } from '@console/schemas';
import { createManualClock, type ManualClock, type OffsetClock } from '../src/clock';
import {
  ALL_SCOPES,
  parseSandboxConfig,
  type SandboxClient,
  type SandboxConfig,
} from '../src/config';
import { startSandbox } from '../src/server';
import type { Sandbox } from '../src/app';

export const SECRET = 'test-secret-0123456789';

export interface TestSandbox {
  url: string;
  sandbox: Sandbox;
  /** The sandbox's clock: frozen unless advanced (it runs on a manual clock). */
  clock: OffsetClock;
  /** Real time as the sandbox sees it for signatures: also manual, and apart from `clock`. */
  wall: ManualClock;
  close(): Promise<void>;
  token(clientId?: string, scope?: string): Promise<string>;
  call(
    opId: WriteOperationId,
    input: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<Answer>;
  /** A read: `GET` its path with the query, array values repeated. */
  read(
    opId: ReadOperationId,
    params: Record<string, string>,
    query?: Record<string, string | string[]>,
    options?: CallOptions,
  ): Promise<Answer>;
  /** A request without a body (a read, cancel or delete), path with its query. */
  send(method: 'GET' | 'DELETE', pathWithQuery: string, options?: SendOptions): Promise<Answer>;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
}

export interface CallOptions {
  token?: string | null;
  clientId?: string;
  headers?: Record<string, string>;
  /** Raw body text instead of JSON.stringify(body). */
  rawBody?: string;
}

export interface SendOptions {
  /** null: no Authorization header. */
  token?: string | null;
  clientId?: string;
  /** The scope to ask a token for (default: every scope of the client). */
  scope?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { meta?: Record<string, unknown> };
  headers: Headers;
}

export function client(overrides: Partial<SandboxClient> & { client_id: string }): SandboxClient {
  return { client_secret: SECRET, scopes: [...ALL_SCOPES], ...overrides };
}

/** Starts a sandbox on port 0 with a manual clock and a generous token rate limit. */
export async function startTestSandbox(config: Partial<SandboxConfig> = {}): Promise<TestSandbox> {
  const full = parseSandboxConfig({
    token_ttl_seconds: 60,
    token_rate_limit: { per_second: 100, burst: 100 },
    clients: [client({ client_id: 'tester', permissions: ['self_match_prevention'] })],
    ...config,
  });
  const clock = createManualClock(Date.parse('2026-06-01T12:00:00Z'));
  const wall = createManualClock(Date.parse('2026-06-01T12:00:00Z'));
  const started = await startSandbox({ config: full, port: 0, clock, wallClock: wall });
  // Cached like a real client would, until shortly before expiry by the sandbox clock.
  const cache = new Map<string, { token: string; until: number }>();
  const token = async (clientId = 'tester', scope = ALL_SCOPES.join(' ')) => {
    const key = `${clientId} ${scope}`;
    const hit = cache.get(key);
    if (hit && hit.until > started.sandbox.clock.now()) return hit.token;
    const res = await fetch(`${started.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: SECRET,
        scope,
      }),
    });
    const json = (await res.json()) as { access_token: string };
    if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(json)}`);
    cache.set(key, {
      token: json.access_token,
      until: started.sandbox.clock.now() + full.token_ttl_seconds * 1000 - 1000,
    });
    return json.access_token;
  };
  const answer = async (res: Response): Promise<Answer> => {
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
  };
  return {
    url: started.url,
    sandbox: started.sandbox,
    clock: started.sandbox.clock,
    wall,
    close: started.close,
    token,
    async call(opId, input, options = {}) {
      const op = operations[opId];
      const { path, body } = op.toWire(input as never);
      const bearer = options.token === undefined ? await token(options.clientId) : options.token;
      const text = options.rawBody ?? (op.bodyless ? undefined : JSON.stringify(body));
      const res = await fetch(started.url + path, {
        method: op.method,
        headers: {
          ...(text !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...options.headers,
        },
        ...(text !== undefined ? { body: text } : {}),
      });
      return answer(res);
    },
    async read(opId, params, query = {}, options = {}) {
      const bearer = options.token === undefined ? await token(options.clientId) : options.token;
      const res = await fetch(started.url + operations[opId].toPath(params, query), {
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
      });
      return answer(res);
    },
    async send(method, pathWithQuery, options = {}) {
      const bearer =
        options.token === undefined ? await token(options.clientId, options.scope) : options.token;
      const res = await fetch(started.url + pathWithQuery, {
        method,
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
      });
      return answer(res);
    },
    async control(method, path, body) {
      const res = await fetch(`${started.url}/sandbox${path}`, {
        method,
        ...(body !== undefined
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
          : {}),
      });
      return answer(res);
    },
  };
}

/** Signs a request as a client of the service would (the scheme in auth/verify-signature.ts). */
export async function signRequest(options: {
  body: string;
  key: CryptoKey;
  alg: 'EdDSA' | 'ES256';
  kid: string;
  method: string;
  path: string;
  timestamp: number;
  extraHeader?: Record<string, unknown>;
}): Promise<string> {
  return new CompactSign(new TextEncoder().encode(options.body))
    .setProtectedHeader({
      alg: options.alg,
      kid: options.kid,
      'svc/timestamp': String(options.timestamp),
      'svc/request-method': options.method,
      'svc/request-path': options.path,
      ...options.extraHeader,
    })
    .sign(options.key);
}
