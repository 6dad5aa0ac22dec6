/**
 * Sends one request to the service: token, room in the service budget (each attempt its own),
 * signature, timeout, retries. The caller serialises the body once; every attempt sends those
 * same bytes (hence the same `ref_id`), signed afresh.
 * Requests go through one keep-alive connection pool per client (undici's `request`, not
 * `fetch`, whose web streams cost more than the rest of a send's HTTP work).
 */
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { fullJitterDelayMs, retryAfterMs, sleep as realSleep, type RetryPolicy } from './backoff';
import type { UpstreamOutcome } from './outcome';
import type { ServiceBudget } from './service-budget';
import type { Signer } from './signing';
import type { TokenProvider } from './tokens';

export type { UpstreamOutcome } from './outcome';
export type { RetryPolicy } from './backoff';
export { existingMatchesIntent, existingRecord, isAlreadyExists } from './already-exists';

/** One request to the service. */
export interface SendRequest {
  method: string;
  /** Path from `/v2`, with any query string; it is what the signature covers. */
  path: string;
  /** The exact body, serialised once by the caller; `''` for none. */
  body: string;
  /** The operation's scope: the token is requested for exactly this one; null: none is sent. */
  scope: string | null;
  /** Per attempt; for Create Order the caller adds `await_fill_millis`. */
  timeoutMs: number;
  /** Sent as `X-Request-Id` on every attempt. */
  requestId: string;
  /** Stops waiting and retrying (for example at shutdown); the outcome is then `no-answer`. */
  signal?: AbortSignal;
  /**
   * A read: doing it twice changes nothing, so a 500 is retried too. A write's 500 is not: the
   * service may have acted, and the journal says so (UNKNOWN) rather than asking again.
   */
  safe?: boolean;
}

/** Reported after each attempt, for logs and metrics; never carries the token or signature. */
export interface AttemptReport {
  requestId: string;
  attempt: number;
  status?: number;
  error?: string;
  /** The wait before the next attempt, when there is one. */
  retryInMs?: number;
}

export interface UpstreamClientOptions {
  /** The service's base address; `path` is appended to it. */
  baseUrl: string;
  tokens: Pick<TokenProvider, 'getToken' | 'invalidate'>;
  /** Without a signer, requests are sent unsigned. */
  signer?: Signer;
  /**
   * The service's rate budget, shared by every BFF process: each attempt takes one request from
   * its endpoint's allowance before it leaves, retries included. Without it, nothing is counted
   * (a service without rate limits).
   */
  budget?: ServiceBudget;
  /** The connection pool; by default one of `connections` kept-alive connections. */
  dispatcher?: Dispatcher;
  /** Connections to the service at most, when the client makes its own pool. */
  connections?: number;
  retry?: Partial<RetryPolicy>;
  /** Unix milliseconds; the signature timestamp reads it. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  userAgent?: string;
  onAttempt?: (report: AttemptReport) => void;
}

export interface UpstreamClient {
  /**
   * Sends and retries until an answer that is final or the retries are spent. Throws only when
   * nothing was sent: a `TokenError` from the first token request, a `ServiceBudgetError` when
   * the budget has no room for the first attempt, or a malformed request.
   */
  send(request: SendRequest): Promise<UpstreamOutcome>;
}

/** Statuses that say "not now" rather than "no": retried with the same bytes. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
/** What a safe request (a read) also retries: any server error. */
const SAFE_RETRYABLE_STATUSES: ReadonlySet<number> = new Set([...RETRYABLE_STATUSES, 500]);
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 5_000 };

/**
 * Connections to the service per BFF process: enough for the sends and reads of many operators
 * at once; past it requests queue in the pool rather than open more sockets the service counts.
 */
export const DEFAULT_CONNECTIONS = 64;

const HEADER_VALUE = /^[\x21-\x7e]{1,200}$/;

type Attempt =
  | { kind: 'answered'; status: number; body: unknown; text: string; retryAfterMs?: number }
  | { kind: 'no-answer'; error: string; aborted: boolean };

/**
 * Creates the client.
 *
 * @example
 * const upstream = createUpstreamClient({ baseUrl, tokens, signer });
 * const outcome = await upstream.send({ method: 'POST', path: '/v2/transfer/internal', body,
 *   scope: 'transfer:write_internal_transfer', timeoutMs: 10_000, requestId });
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const dispatcher =
    options.dispatcher ??
    new Agent({
      connections: options.connections ?? DEFAULT_CONNECTIONS,
      // An idle socket is closed before a typical server's own keep-alive timeout closes it.
      keepAliveTimeout: 4_000,
    });
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const userAgent = options.userAgent ?? 'svc-operator-console';
  const { tokens, signer, budget } = options;
  const encoder = new TextEncoder();

  async function attempt(request: SendRequest, bytes: Uint8Array, token: string): Promise<Attempt> {
    // Built from this allowlist alone: nothing from the browser's request reaches the service.
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: 'application/json, application/problem+json',
      'user-agent': userAgent,
      'x-request-id': request.requestId,
    };
    if (bytes.length > 0) headers['content-type'] = 'application/json';
    if (signer && token) {
      headers['svc-signature'] = await signer.sign({
        method: request.method,
        pathWithQuery: request.path,
        body: bytes,
        now: now(),
      });
    }
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    try {
      // A redirect is answered as it is, never followed: it is not the service acting.
      const response = await undiciRequest(baseUrl + request.path, {
        method: request.method as Dispatcher.HttpMethod,
        headers,
        body: bytes.length > 0 ? bytes : null,
        signal,
        dispatcher,
      });
      const text = await response.body.text();
      const retryAfter = RETRY_AFTER_STATUSES.has(response.statusCode)
        ? retryAfterMs(headerValue(response.headers['retry-after']), now())
        : undefined;
      return {
        kind: 'answered',
        status: response.statusCode,
        body: parseBody(text),
        text,
        retryAfterMs: retryAfter,
      };
    } catch (error) {
      const aborted = request.signal?.aborted === true;
      return {
        kind: 'no-answer',
        error: aborted ? 'aborted' : describeFailure(error, request.timeoutMs),
        aborted,
      };
    }
  }

  return {
    async send(request) {
      if (!HEADER_VALUE.test(request.requestId)) {
        throw new RangeError('requestId must be 1 to 200 visible ASCII characters');
      }
      if (!request.path.startsWith('/')) throw new RangeError('path must start with /');
      const bytes = encoder.encode(request.body);
      let attempts = 0;
      let retries = 0;
      let reauthenticated = false;
      let last: UpstreamOutcome | undefined;

      for (;;) {
        let token: string;
        try {
          // Public market data (scope null) is read without a token.
          token = request.scope === null ? '' : await tokens.getToken(request.scope);
          // Taken last, right before the request leaves: a refusal sends nothing at all.
          await budget?.take(request.path);
        } catch (error) {
          // Nothing sent yet: the caller learns why. Otherwise what we last heard stands.
          if (last === undefined) throw error;
          return last;
        }
        attempts += 1;
        const result = await attempt(request, bytes, token);
        last =
          result.kind === 'answered'
            ? {
                kind: 'answered',
                status: result.status,
                body: result.body,
                text: result.text,
                attempts,
                retried: attempts > 1,
                ...(result.retryAfterMs !== undefined ? { retryAfterMs: result.retryAfterMs } : {}),
              }
            : { kind: 'no-answer', error: result.error, attempts };

        if (result.kind === 'answered' && result.status === 401 && !reauthenticated && token) {
          // The token may have been revoked or expired early: one more try with a fresh one.
          tokens.invalidate(request.scope ?? '', token);
          reauthenticated = true;
          options.onAttempt?.({
            requestId: request.requestId,
            attempt: attempts,
            status: 401,
            retryInMs: 0,
          });
          continue;
        }
        const statuses = request.safe ? SAFE_RETRYABLE_STATUSES : RETRYABLE_STATUSES;
        const retryable =
          result.kind === 'answered' ? statuses.has(result.status) : !result.aborted;
        const wait =
          (result.kind === 'answered' ? result.retryAfterMs : undefined) ??
          fullJitterDelayMs(policy, retries + 1, random);
        // A Retry-After beyond the bound is not shortened: that would hammer a rate limit.
        const retry = retryable && retries + 1 < policy.attempts && wait <= policy.maxDelayMs;
        options.onAttempt?.({
          requestId: request.requestId,
          attempt: attempts,
          ...(result.kind === 'answered' ? { status: result.status } : { error: result.error }),
          ...(retry ? { retryInMs: wait } : {}),
        });
        if (!retry) return last;
        retries += 1;
        await sleep(wait);
        if (request.signal?.aborted) return last;
      }
    },
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNRESET: 'connection reset',
  UND_ERR_SOCKET: 'connection closed by the service',
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS)',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection reset',
};

/** A network failure in words for the journal. Never includes headers, so never the token. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timeout after ${timeoutMs} ms`;
  }
  // The pool's own errors carry their code; a socket's may come as the cause.
  const own = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code =
    typeof own === 'string' ? own : typeof cause?.code === 'string' ? cause.code : undefined;
  if (code?.startsWith('UND_ERR_') && code.includes('TIMEOUT'))
    return `timeout after ${timeoutMs} ms`;
  if (code && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
  return `network error${code ? ` (${code})` : ''}`;
}
