import {
  MARKETS,
  TIME_IN_FORCE_REFUSED_WHEN_UNAVAILABLE,
  type Market,
  type OrderSide,
  type TimeInForce,
} from '@console/schemas';
import { iso } from '../clock';
import type { SandboxSeed } from '../config';
import { SandboxProblem } from '../problem';
import type { SandboxState } from './store';
import type { MarketStatusState } from './store-records';

/*
 * Whether each market takes orders, side by side (appendix B, List Markets): the seed's, every
 * other market AVAILABLE on both sides. An UNAVAILABLE side refuses IOC and FOK orders; resting
 * orders (GTC, GTT, stops) it still takes, as the service does.
 */

/**
 * Every market's status from the seed's `markets`, as of `at` (Unix ms); a seeded one as of its
 * first maintenance window's start, when that began before `now`.
 */
export function seedMarketStatus(
  seed: SandboxSeed,
  at: number,
  now: number,
): Map<Market, MarketStatusState> {
  const given = new Map((seed.markets ?? []).map((m) => [m.market, m]));
  return new Map(
    MARKETS.map((market) => {
      const m = given.get(market);
      const began = m?.scheduled_maintenance?.[0]?.starts_at;
      const since = began !== undefined && Date.parse(began) <= now ? Date.parse(began) : at;
      return [
        market,
        {
          buy_status: m?.buy_status ?? 'AVAILABLE',
          sell_status: m?.sell_status ?? 'AVAILABLE',
          buy_reason: m?.buy_reason ?? 'MARKET_STATUS_REASON_UNSPECIFIED',
          sell_reason: m?.sell_reason ?? 'MARKET_STATUS_REASON_UNSPECIFIED',
          updated_at: since,
          scheduled_maintenance: (m?.scheduled_maintenance ?? []).map((w) => ({
            starts_at: Date.parse(w.starts_at),
            ends_at: Date.parse(w.ends_at),
            ...(w.recurrence !== undefined ? { recurrence: w.recurrence } : {}),
          })),
        },
      ];
    }),
  );
}

/** `market_status` as List Markets answers it: an object, never a word. */
export function marketStatusView(s: MarketStatusState): Record<string, unknown> {
  return {
    buy_status: s.buy_status,
    sell_status: s.sell_status,
    buy_reason: s.buy_reason,
    sell_reason: s.sell_reason,
    updated_at: iso(s.updated_at),
    scheduled_maintenance: s.scheduled_maintenance.map((w) => ({
      starts_at: iso(w.starts_at),
      ends_at: iso(w.ends_at),
      ...(w.recurrence !== undefined ? { recurrence: w.recurrence } : {}),
    })),
  };
}

/**
 * Throws when the order's side of its market is UNAVAILABLE and it would execute at once (IOC,
 * FOK): 403 `unavailable-market`, with `meta` naming the market, side and reason. The appendix
 * names the problem type, not its status; the console knows it by the type, never by the status.
 */
export function requireSideAvailable(
  state: SandboxState,
  market: Market,
  side: OrderSide,
  timeInForce: TimeInForce,
): void {
  const status = state.market_status.get(market);
  if (!status) return;
  const [sideStatus, reason] =
    side === 'BUY'
      ? [status.buy_status, status.buy_reason]
      : [status.sell_status, status.sell_reason];
  if (sideStatus !== 'UNAVAILABLE') return;
  if (!(TIME_IN_FORCE_REFUSED_WHEN_UNAVAILABLE as readonly string[]).includes(timeInForce)) return;
  throw new SandboxProblem(
    403,
    'unavailable-market',
    `time_in_force: ${market} is unavailable for ${side === 'BUY' ? 'buying' : 'selling'} (${reason}); an ${timeInForce} order cannot be placed on that side`,
    { market, side, time_in_force: timeInForce, status: sideStatus, reason },
  );
}
