import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxRateLimits } from '../config';
import type { Clock } from '../clock';
import { SandboxProblem, problemResponse } from '../problem';
import { TokenBuckets } from './rate-limit';

/**
 * The service's per-endpoint limits per client address (svc-api.md appendix, "Rate limits"): a
 * bucket per address and endpoint holding `per_second × window_seconds` requests, refilled at
 * `per_second`, so the rate is averaged over the window. Past it, every request from that
 * address, to any endpoint, is refused for `throttle_seconds`.
 */
export class EndpointLimits {
  private readonly buckets = new Map<number, TokenBuckets>();
  private readonly throttled = new Map<string, number>();

  constructor(private readonly limits: SandboxRateLimits) {}

  /** Counts one request; throws the 429 problem (with `Retry-After`) when it is refused. */
  take(address: string, endpoint: string, now: number): void {
    const until = this.throttled.get(address);
    if (until !== undefined && until > now) throw tooMany(until - now);
    const rate = this.limits.per_second[endpoint] ?? this.limits.default_per_second;
    let buckets = this.buckets.get(rate);
    if (!buckets) {
      buckets = new TokenBuckets({ per_second: rate, burst: rate * this.limits.window_seconds });
      this.buckets.set(rate, buckets);
    }
    if (buckets.take(`${address} ${endpoint}`, now) === 0) return;
    const penalty = this.limits.throttle_seconds * 1000;
    this.throttled.set(address, now + penalty);
    throw tooMany(penalty);
  }

  reset(): void {
    this.buckets.clear();
    this.throttled.clear();
  }
}

function tooMany(waitMs: number): SandboxProblem {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new SandboxProblem(
    429,
    'about:blank',
    `rate limit exceeded: requests from this address are throttled for ${seconds} s`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/** The client's address as the socket gives it (the node server puts the request on `env`). */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'local';
}

/** Applies the limits before anything else runs; `endpoint` names what the request is counted on. */
export function endpointLimits(
  limits: () => EndpointLimits | undefined,
  clock: Clock,
  endpoint: (c: Context) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const active = limits();
    if (active) {
      try {
        active.take(clientAddress(c), endpoint(c), clock.now());
      } catch (error) {
        if (error instanceof SandboxProblem) return problemResponse(c, error);
        throw error;
      }
    }
    await next();
  };
}
