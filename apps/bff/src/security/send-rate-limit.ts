/**
 * A token bucket per operator for sends: `perMinute` sends in a burst, refilled evenly over a
 * minute. In memory, like the sign-in throttle (one BFF process per database). It keeps one
 * operator (or a stolen session) from hammering the service, whose own rate limit would lock
 * the console's client out for everyone.
 */

/** The answer for one send. */
export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Creates the limiter.
 *
 * @example
 * const limit = createSendRateLimit({ perMinute: 60 });
 * const decision = limit.take('ada');
 */
export function createSendRateLimit(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const capacity = options.perMinute;
  const perMs = options.perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  return {
    /** Takes one send from `operator`'s bucket, or says how long until there is one. */
    take(operator: string): RateDecision {
      const at = now();
      const bucket = buckets.get(operator) ?? { tokens: capacity, at };
      const tokens = Math.min(capacity, bucket.tokens + (at - bucket.at) * perMs);
      if (tokens >= 1) {
        buckets.set(operator, { tokens: tokens - 1, at });
        return { ok: true };
      }
      buckets.set(operator, { tokens, at });
      return { ok: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
    },
  };
}

export type SendRateLimit = ReturnType<typeof createSendRateLimit>;
