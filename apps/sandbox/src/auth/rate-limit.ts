/**
 * A token bucket per key on the sandbox clock: `burst` requests at once, refilled at
 * `per_second`. Answers how long to wait when empty.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limit: { per_second: number; burst: number }) {}

  /** Takes one token; 0 when allowed, else the milliseconds until one is available. */
  take(key: string, now: number): number {
    const b = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    const refilled = Math.min(
      this.limit.burst,
      b.tokens + ((now - b.at) / 1000) * this.limit.per_second,
    );
    if (refilled >= 1) {
      this.buckets.set(key, { tokens: refilled - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens: refilled, at: now });
    return Math.ceil(((1 - refilled) / this.limit.per_second) * 1000);
  }

  reset(): void {
    this.buckets.clear();
  }
}
