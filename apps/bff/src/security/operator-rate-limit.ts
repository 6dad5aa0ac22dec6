/**
 * Requests per operator that reach the service: `perMinute` in a burst, refilled evenly over a
 * minute, counted in the database in one statement per request so that every BFF process on it
 * shares one allowance. Sends and reads are counted apart, each with its own allowance. It keeps
 * one operator (or a stolen session) from taking the console's budget of the service for
 * everyone (`upstream/service-budget.ts`), and from hammering the service, whose own rate limit
 * would lock the console's client out for everyone.
 */
import type { CounterStore, RateDecision } from './counter-store';

export type { RateDecision } from './counter-store';

/** What an allowance counts: sends (writes, retries, approvals that send) or reads. */
export type OperatorRateKind = 'send' | 'read';

/**
 * Creates the limiter of one kind.
 *
 * @example
 * const limit = createOperatorRateLimit(counters, { kind: 'send', perMinute: 60 });
 * const decision = await limit.take('ada');
 */
export function createOperatorRateLimit(
  counters: CounterStore,
  options: { kind: OperatorRateKind; perMinute: number },
) {
  return {
    kind: options.kind,
    /** Takes one request from `operator`'s allowance, or says how long until there is one. */
    take(operator: string): Promise<RateDecision> {
      return counters.take(`${options.kind}:${operator}`, options.perMinute);
    },
  };
}

export type OperatorRateLimit = ReturnType<typeof createOperatorRateLimit>;
