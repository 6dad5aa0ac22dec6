/**
 * Waiting between attempts: exponential backoff with full jitter, and the server's `Retry-After`.
 * Shared by the token provider and the upstream client so that both back off the same way.
 */

/** Bounds of a retry loop: total attempts (the first included) and the delays between them. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The wait before retry number `retry` (1 for the first retry): a uniformly random time between 0
 * and `min(maxDelayMs, baseDelayMs * 2^(retry-1))` ("full jitter"), so that many callers that
 * failed together do not retry together.
 */
export function fullJitterDelayMs(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  retry: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * A `Retry-After` header in milliseconds (delta-seconds or an HTTP date), or undefined when absent
 * or unreadable.
 *
 * @example
 * retryAfterMs('2', Date.now()); // 2000
 */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^[0-9]+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
