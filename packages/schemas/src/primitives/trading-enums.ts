import { z } from 'zod';
import { requiredOr } from './messages';

/*
 * The service's closed lists of trading: markets and their assets, an order's side, type, time in
 * force and status, and a market side's trading status and its reason.
 */

/** Markets an order can be placed on. */
export const MARKETS = [
  'ETHEUR',
  'ETHSGD',
  'ETHUSD',
  'BTCEUR',
  'BTCSGD',
  'BTCUSD',
  'PAXGUSD',
  'BCHUSD',
  'LTCUSD',
  'USDPUSD',
  'LINKUSD',
  'MATICUSD',
  'AAVEUSD',
  'UNIUSD',
] as const;
export const MarketSchema = z.enum(MARKETS, {
  error: requiredOr('Market', 'Choose a market from the list'),
});
export type Market = z.infer<typeof MarketSchema>;

/**
 * The base and quote assets of a market, for showing amounts with their assets and for moving balances.
 * The quote is one of the fiat codes at the end of the market name.
 */
export function marketAssets(market: Market): { base: string; quote: string } {
  const quote = (['USD', 'EUR', 'SGD'] as const).find((q) => market.endsWith(q)) ?? 'USD';
  return { base: market.slice(0, market.length - quote.length), quote };
}

export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export const OrderSideSchema = z.enum(ORDER_SIDES, {
  error: requiredOr('Side', 'Choose BUY or SELL'),
});
export type OrderSide = z.infer<typeof OrderSideSchema>;

export const ORDER_TYPES = [
  'LIMIT',
  'MARKET',
  'POST_ONLY_LIMIT',
  'STOP_MARKET',
  'STOP_LIMIT',
] as const;
export const OrderTypeSchema = z.enum(ORDER_TYPES, {
  error: requiredOr('Order type', 'Choose an order type from the list'),
});
export type OrderType = z.infer<typeof OrderTypeSchema>;

export const TIME_IN_FORCE = ['GTC', 'FOK', 'IOC', 'GTT'] as const;
export const TimeInForceSchema = z.enum(TIME_IN_FORCE, {
  error: requiredOr('Time in force', 'Choose GTC, FOK, IOC or GTT'),
});
export type TimeInForce = z.infer<typeof TimeInForceSchema>;

/** EXPIRED applies only to smart order routing customers (appendix): shown, never a crash. */
export const ORDER_STATUSES = [
  'PENDING_SUBMISSION',
  'SUBMITTED',
  'OPEN',
  'FILLED',
  'CANCELLED',
  'REJECTED',
  'EXPIRED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses after which an order no longer changes. */
export const FINAL_ORDER_STATUSES = ['FILLED', 'CANCELLED', 'REJECTED', 'EXPIRED'] as const;

/** Whether a market takes orders on one side: UNAVAILABLE refuses IOC and FOK orders there. */
export const MARKET_TRADING_STATUSES = [
  'MARKET_TRADING_STATUS_UNSPECIFIED',
  'AVAILABLE',
  'UNAVAILABLE',
] as const;
export type MarketTradingStatus = (typeof MARKET_TRADING_STATUSES)[number];
/** Why a side of a market has the status it has. */
export const MARKET_STATUS_REASONS = [
  'MARKET_STATUS_REASON_UNSPECIFIED',
  'SCHEDULED_MAINTENANCE',
  'TRADING_SUSPENDED',
  'UNSCHEDULED_MAINTENANCE',
] as const;
export type MarketStatusReason = (typeof MARKET_STATUS_REASONS)[number];
/** The times in force that an UNAVAILABLE side refuses (appendix B, List Markets). */
export const TIME_IN_FORCE_REFUSED_WHEN_UNAVAILABLE = ['IOC', 'FOK'] as const;
