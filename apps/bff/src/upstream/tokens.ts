/**
 * OAuth 2 client-credentials tokens, one per scope. The token endpoint is rate-limited (about one
 * request a second per client, and going over it repeatedly locks the client out), so tokens are
 * cached per scope, concurrent callers share one in-flight request, a token is renewed ahead of its
 * expiry, a 429 is honoured rather than hammered, and every request waits for room in the
 * service budget that all BFF processes share (`service-budget.ts`).
 */
import { z } from 'zod';
import { fullJitterDelayMs, retryAfterMs, sleep as realSleep } from './backoff';
import { clientForScope, type CredentialSet, type ResolvedClient } from './credentials';
import { ServiceBudgetError, TOKEN_ENDPOINT, type ServiceBudget } from './service-budget';

export { clientForScope, credentialSetFromVariables, credentialSetProblems } from './credentials';
export type { ClientCredentials, CredentialSet, ResolvedClient, ScopedClient } from './credentials';

export type TokenErrorCode =
  /** The token endpoint refused the client (`invalid_client`, `unauthorized_client`). */
  | 'ERR_TOKEN_INVALID_CLIENT'
  /** The client may not have the scope (`invalid_scope`). */
  | 'ERR_TOKEN_INVALID_SCOPE'
  /** Another OAuth error (`invalid_request`, `invalid_grant`, …) or an unexpected 4xx. */
  | 'ERR_TOKEN_REJECTED'
  /** Still 429 after the bounded backoff, or a Retry-After longer than the bound. */
  | 'ERR_TOKEN_RATE_LIMITED'
  /** No usable answer: network error, timeout, 5xx or a malformed response. */
  | 'ERR_TOKEN_UNAVAILABLE';

/** A token could not be obtained. Nothing was sent to the service. Never carries the secret. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(
    readonly code: TokenErrorCode,
    message: string,
    readonly details: { scope: string; clientId: string; status?: number; oauthError?: string },
  ) {
    super(message);
  }
}

/** Hands out access tokens per scope. */
export interface TokenProvider {
  /** A valid token for exactly this scope, from the cache when it is fresh. */
  getToken(scope: string): Promise<string>;
  /** Drops `token` for `scope` (the service answered 401), so that the next call fetches anew. */
  invalidate(scope: string, token: string): void;
  /** How many token requests were made per scope (every POST, 429s included). */
  stats(): Record<string, number>;
}

export interface TokenProviderOptions {
  /** The token endpoint's base: requests go to `{authUrl}/oauth2/token`. */
  authUrl: string;
  credentials: CredentialSet;
  fetch?: typeof fetch;
  /** Unix milliseconds; injected by tests. */
  now?: () => number;
  /** Waits between token requests after a 429 or failure; injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The service's rate budget: each token request takes one from the token endpoint's allowance
   * first; without room it waits as for a 429, within the same bounds.
   */
  budget?: ServiceBudget;
  /** Bounds: token requests per getToken, longest wait, per-request timeout. */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number; timeoutMs?: number };
  userAgent?: string;
}

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

const OAuthErrorSchema = z.object({ error: z.string() });

/** Lifetime assumed when the token endpoint does not say (the service's tokens live 3599 s). */
const DEFAULT_LIFETIME_S = 3599;

interface CachedToken {
  token: string;
  renewAt: number;
  expiresAt: number;
}

/** One token request's result: a token, or an error that may be retried after a wait. */
type Attempt =
  | { ok: true; token: string; lifetimeMs: number }
  | { ok: false; error: TokenError; retryable: boolean; retryAfterMs?: number };

/** Time before expiry at which a token is renewed: max(30 s, 10 %), at most half its lifetime. */
export function renewalMarginMs(lifetimeMs: number): number {
  return Math.min(Math.max(30_000, lifetimeMs / 10), lifetimeMs / 2);
}

/**
 * Creates the token provider.
 *
 * @example
 * const tokens = createTokenProvider({ authUrl, credentials: { default: { clientId, clientSecret } } });
 * const token = await tokens.getToken('exchange:write_order');
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const policy = {
    attempts: options.retry?.attempts ?? 5,
    baseDelayMs: options.retry?.baseDelayMs ?? 1_000,
    maxDelayMs: options.retry?.maxDelayMs ?? 10_000,
  };
  const timeoutMs = options.retry?.timeoutMs ?? 10_000;
  const url = `${options.authUrl.replace(/\/+$/, '')}/oauth2/token`;
  const cache = new Map<string, CachedToken>();
  const inFlight = new Map<string, Promise<string>>();
  const counts: Record<string, number> = {};

  const failure =
    (scope: string, client: ResolvedClient) =>
    (code: TokenErrorCode, message: string, extra: object = {}) =>
      new TokenError(code, `${message} (client ${client.clientId}, scope ${scope})`, {
        scope,
        clientId: client.clientId,
        ...extra,
      });

  /** A token request, once the budget has room for it: not asked is not counted. */
  async function budgetedOnce(scope: string, client: ResolvedClient): Promise<Attempt> {
    try {
      await options.budget?.take(TOKEN_ENDPOINT);
    } catch (error) {
      if (!(error instanceof ServiceBudgetError)) throw error;
      const fail = failure(scope, client);
      return {
        ok: false,
        retryable: true,
        retryAfterMs: error.retryAfterMs,
        error: fail('ERR_TOKEN_RATE_LIMITED', `Not asked: ${error.message}`),
      };
    }
    return requestOnce(scope, client);
  }

  async function requestOnce(scope: string, client: ResolvedClient): Promise<Attempt> {
    counts[scope] = (counts[scope] ?? 0) + 1;
    const fail = failure(scope, client);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'User-Agent': options.userAgent ?? 'svc-operator-console',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
          scope,
        }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const message = timedOut
        ? `Token request timed out after ${timeoutMs} ms`
        : 'Token endpoint unreachable';
      return { ok: false, retryable: true, error: fail('ERR_TOKEN_UNAVAILABLE', message) };
    }
    const { status } = response;
    const body = parseJson(text);
    if (status === 200) {
      const parsed = TokenResponseSchema.safeParse(body);
      if (parsed.success) {
        const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_LIFETIME_S) * 1000;
        return { ok: true, token: parsed.data.access_token, lifetimeMs };
      }
      const error = fail('ERR_TOKEN_UNAVAILABLE', 'Token endpoint answered without a token');
      return { ok: false, retryable: false, error };
    }
    if (status === 429 || status >= 500) {
      const code = status === 429 ? 'ERR_TOKEN_RATE_LIMITED' : 'ERR_TOKEN_UNAVAILABLE';
      return {
        ok: false,
        retryable: true,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()),
        error: fail(code, `Token endpoint answered ${status}`, { status }),
      };
    }
    const oauth = OAuthErrorSchema.safeParse(body);
    const oauthError = oauth.success ? oauth.data.error : undefined;
    const code: TokenErrorCode =
      oauthError === 'invalid_client' || oauthError === 'unauthorized_client'
        ? 'ERR_TOKEN_INVALID_CLIENT'
        : oauthError === 'invalid_scope'
          ? 'ERR_TOKEN_INVALID_SCOPE'
          : 'ERR_TOKEN_REJECTED';
    // The endpoint's error_description is left out: it is free text we do not control.
    const message = `Token endpoint refused: ${oauthError ?? `HTTP ${status}`}`;
    return { ok: false, retryable: false, error: fail(code, message, { status, oauthError }) };
  }

  async function fetchToken(scope: string): Promise<string> {
    const client = clientForScope(options.credentials, scope);
    for (let attempt = 1; ; attempt++) {
      const result = await budgetedOnce(scope, client);
      if (result.ok) {
        const at = now();
        const renewAt = at + result.lifetimeMs - renewalMarginMs(result.lifetimeMs);
        cache.set(scope, { token: result.token, renewAt, expiresAt: at + result.lifetimeMs });
        return result.token;
      }
      if (!result.retryable || attempt >= policy.attempts) throw result.error;
      const wait = result.retryAfterMs ?? fullJitterDelayMs(policy, attempt);
      // A Retry-After beyond the bound: waiting less would hammer, waiting more blocks the operator.
      if (wait > policy.maxDelayMs) throw result.error;
      await sleep(wait);
    }
  }

  async function renew(scope: string): Promise<string> {
    try {
      return await fetchToken(scope);
    } catch (error) {
      // Renewal is early on purpose: while the old token is still valid, it still serves.
      const cached = cache.get(scope);
      if (cached && now() < cached.expiresAt) return cached.token;
      throw error;
    }
  }

  return {
    getToken(scope) {
      const cached = cache.get(scope);
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      const pending = inFlight.get(scope);
      if (pending) return pending;
      const request = renew(scope).finally(() => inFlight.delete(scope));
      inFlight.set(scope, request);
      return request;
    },
    invalidate(scope, token) {
      // Only the token that failed: a 401 racing a renewal must not drop the fresh token.
      if (cache.get(scope)?.token === token) cache.delete(scope);
    },
    stats: () => ({ ...counts }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
