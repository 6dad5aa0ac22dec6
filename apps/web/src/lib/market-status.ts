import {
  MARKETS,
  ORDER_TYPES,
  TIME_IN_FORCE_REFUSED_WHEN_UNAVAILABLE,
  TIME_IN_FORCE_TABLE,
  isKnownValue,
  type MarketDetails,
  type ScheduledMaintenance,
  type StatsRange,
} from '@console/schemas';
import { formatLocal, toDate } from './format-time';

/*
 * A market's status as appendix B gives it (List Markets), side by side, in the operator's
 * words: an UNAVAILABLE side refuses IOC and FOK orders (a market order is always IOC), and
 * takes resting ones. The order form warns when the side picked is unavailable and refuses the
 * times in force the service would refuse, before anything is sent; the sandbox refuses the same.
 */

export type Side = 'BUY' | 'SELL';

const STATUS_WORDS: Record<string, string> = {
  AVAILABLE: 'Available',
  UNAVAILABLE: 'Unavailable',
  MARKET_TRADING_STATUS_UNSPECIFIED: 'Not stated',
};

const REASON_WORDS: Record<string, string> = {
  SCHEDULED_MAINTENANCE: 'scheduled maintenance',
  UNSCHEDULED_MAINTENANCE: 'unscheduled maintenance',
  TRADING_SUSPENDED: 'trading suspended',
};

/** One side's status and reason, as the service gave them (undefined members when it did not). */
export function sideStatus(details: MarketDetails | undefined, side: Side) {
  const s = details?.market_status;
  return side === 'BUY'
    ? { status: s?.buy_status, reason: s?.buy_reason }
    : { status: s?.sell_status, reason: s?.sell_reason };
}

/** A reason in words, or undefined when unspecified; an unknown one as the service wrote it. */
export function marketReasonWords(reason: string | undefined): string | undefined {
  if (!reason || reason === 'MARKET_STATUS_REASON_UNSPECIFIED') return undefined;
  return REASON_WORDS[reason] ?? reason;
}

/** One side in words: "Unavailable (scheduled maintenance)", "Available". */
export function sideStatusWords(details: MarketDetails | undefined, side: Side): string {
  const { status, reason } = sideStatus(details, side);
  if (!status) return 'Not stated';
  const words = STATUS_WORDS[status] ?? status;
  const why = marketReasonWords(reason);
  return why ? `${words} (${why})` : words;
}

/** A maintenance window in words, in the operator's zone. */
export function maintenanceWords(window: ScheduledMaintenance): string {
  const at = (value: string | undefined) => {
    const date = value ? toDate(value) : null;
    return date ? formatLocal(date) : (value ?? '?');
  };
  const repeat = window.recurrence ? `, ${window.recurrence.toLowerCase()}` : '';
  return `${at(window.starts_at)} to ${at(window.ends_at)}${repeat}`;
}

/** The window a ticker's figures cover, in words; "window not given" when the service left it out. */
export function rangeWords(range: StatsRange | undefined): string {
  if (!range?.begin && !range?.end) return 'window not given';
  return maintenanceWords({ starts_at: range.begin, ends_at: range.end });
}

/** The order as far as the form knows it: its market, side, type and time in force. */
export interface OrderSideDraft {
  market?: unknown;
  side?: unknown;
  type?: unknown;
  time_in_force?: unknown;
}

/** The time in force the order would carry: the one given, else its type's default. */
function effectiveTimeInForce(order: OrderSideDraft): string | undefined {
  if (typeof order.time_in_force === 'string' && order.time_in_force) return order.time_in_force;
  return typeof order.type === 'string' && isKnownValue(ORDER_TYPES, order.type)
    ? TIME_IN_FORCE_TABLE[order.type].default
    : undefined;
}

/** The words of a refusal for an unavailable side, whether the console or the service said it. */
export function unavailableSideWords(
  market: string,
  side: Side,
  reason: string | undefined,
  order: OrderSideDraft,
): string {
  const why = marketReasonWords(reason);
  const what =
    order.type === 'MARKET'
      ? 'a market order (always IOC) cannot be placed there'
      : 'IOC and FOK orders cannot be placed there';
  return `${market} is unavailable for ${side === 'BUY' ? 'buying' : 'selling'}${why ? ` (${why})` : ''}: ${what}. Choose GTC or GTT for a limit order, or wait until the side is available again.`;
}

/**
 * Why the service would refuse this order's time in force on its market's side, beside the time
 * in force, or undefined: only an UNAVAILABLE side refuses, and only IOC and FOK.
 */
export function sideRefusal(
  markets: readonly MarketDetails[] | undefined,
  order: OrderSideDraft,
): { path: 'time_in_force'; message: string } | undefined {
  const { market, side } = order;
  if (typeof market !== 'string' || !isKnownValue(MARKETS, market)) return undefined;
  if (side !== 'BUY' && side !== 'SELL') return undefined;
  const details = markets?.find((m) => m.market === market);
  const { status, reason } = sideStatus(details, side);
  if (status !== 'UNAVAILABLE') return undefined;
  const tif = effectiveTimeInForce(order);
  if (!tif || !(TIME_IN_FORCE_REFUSED_WHEN_UNAVAILABLE as readonly string[]).includes(tif)) {
    return undefined;
  }
  return { path: 'time_in_force', message: unavailableSideWords(market, side, reason, order) };
}
