/**
 * Sends per operator: `perMinute` in a burst, refilled evenly over a minute, counted in the
 * database in one statement per send so that every BFF process on it shares one allowance. It
 * keeps one operator (or a stolen session) from hammering the service, whose own rate limit would
 * lock the console's client out for everyone.
 */
import type { CounterStore, RateDecision } from './counter-store';

export type { RateDecision } from './counter-store';

/**
 * Creates the limiter.
 *
 * @example
 * const limit = createSendRateLimit(counters, { perMinute: 60 });
 * const decision = await limit.take('ada');
 */
export function createSendRateLimit(counters: CounterStore, options: { perMinute: number }) {
  return {
    /** Takes one send from `operator`'s allowance, or says how long until there is one. */
    take(operator: string): Promise<RateDecision> {
      return counters.take(`send:${operator}`, options.perMinute);
    },
  };
}

export type SendRateLimit = ReturnType<typeof createSendRateLimit>;
