/**
 * One rate budget for the service (DESIGN.md §4a): every request the console makes to it, from
 * any BFF process on the database, takes one from its endpoint's allowance first, so that no
 * operator, page or background job can push the console's client address over the service's
 * limits, past which the service throttles every request from that address for five minutes.
 *
 * The service's limits (svc-api.md appendix, "Rate limits") are per endpoint and client address,
 * averaged over 5 minutes: the token endpoint 1/s, `/v2/transfer/internal` 20/s, the others
 * 50/s. The budget of an endpoint is `percent` of its limit, as a GCRA allowance of one minute's
 * worth at once refilled evenly (`counter-store.ts`). In the worst 5 minutes it lets through the
 * full minute's burst and then 5 minutes of refill, `60 r + 300 r = 360 r` for a budget of `r`
 * a second, which stays within the service's `300 L` as long as `r ≤ 300 / 360 L`, about 83 % of
 * the limit. At the default 80 %: `360 × 0.8 L = 288 L`, 96 % of the service's allowance, the
 * other 4 % and every quieter 5 minutes being headroom. For the others' 50/s that is 40/s, 2400
 * at once; for internal transfers 16/s, 960 at once; for tokens 0.8/s, 48 at once.
 */
import { endpointOf } from '@console/schemas';

/**
 * Where allowances are counted: the counter store of the database (`security/counter-store.ts`,
 * a GCRA of a minute's burst whose concurrent takes share one statement), as this layer sees it.
 */
export interface AllowanceCounter {
  take(key: string, perMinute: number): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
}

/** The service's limits per endpoint, in requests a second averaged over 5 minutes. */
export const SERVICE_LIMITS_PER_SECOND: Readonly<Record<string, number>> = {
  '/oauth2/token': 1,
  '/v2/transfer/internal': 20,
};
/** The limit of every endpoint not named in `SERVICE_LIMITS_PER_SECOND`. */
export const SERVICE_DEFAULT_PER_SECOND = 50;

/** The share of the service's limits the console takes when not configured. */
export const DEFAULT_BUDGET_PERCENT = 80;
/**
 * The largest share whose minute of burst cannot take a 5-minute average past the limit:
 * `(60 + 300) r ≤ 300 L`, so `r ≤ 83.3 % L`; rounded down.
 */
export const MAX_BUDGET_PERCENT = 83;

/** The token endpoint, as the budget counts it. */
export const TOKEN_ENDPOINT = '/oauth2/token';

/**
 * A request the budget refused: nothing was sent. Carries the endpoint and how long until its
 * allowance has room again; never a token, a body or a parameter of the request.
 */
export class ServiceBudgetError extends Error {
  override readonly name = 'ServiceBudgetError';
  readonly code = 'ERR_SERVICE_BUDGET';
  constructor(
    readonly endpoint: string,
    readonly retryAfterMs: number,
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      `the console's budget of requests to ${endpoint} is spent (it stays below the service's rate limit); room again in ${seconds} s`,
    );
  }
}

/** Takes requests from the budget. */
export interface ServiceBudget {
  /**
   * Takes one request to `path` (from `/v2`, any query; or the token endpoint's) from its
   * endpoint's allowance; throws a `ServiceBudgetError` when there is none now.
   */
  take(path: string): Promise<void>;
}

/**
 * Requests a minute the budget allows `endpoint` at `percent` of the service's limit, and at least
 * one: an allowance of less than one request a minute would never allow any (its burst is one
 * minute's worth), and one a minute is far below every limit of the service.
 */
export function perMinuteOf(endpoint: string, percent: number): number {
  const limit = SERVICE_LIMITS_PER_SECOND[endpoint] ?? SERVICE_DEFAULT_PER_SECOND;
  return Math.max(1, (limit * 60 * percent) / 100);
}

/**
 * Creates the budget over the counters of the database every BFF process shares.
 *
 * @example
 * const budget = createServiceBudget(createCounterStore(db.relaxed), { percent: 80 });
 * await budget.take('/v2/profiles/p-1/orders?limit=50'); // counted on /v2/profiles/{profile_id}/orders
 */
export function createServiceBudget(
  counters: AllowanceCounter,
  options: { percent: number },
): ServiceBudget {
  const { percent } = options;
  if (!(percent > 0 && percent <= MAX_BUDGET_PERCENT)) {
    throw new RangeError(`percent must be above 0 and at most ${MAX_BUDGET_PERCENT}`);
  }
  return {
    async take(path) {
      const endpoint = endpointOf(path);
      const decision = await counters.take(`svc:${endpoint}`, perMinuteOf(endpoint, percent));
      if (!decision.ok) throw new ServiceBudgetError(endpoint, decision.retryAfterMs);
    },
  };
}
