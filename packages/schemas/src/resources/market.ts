import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import {
  MARKETS,
  MARKET_STATUS_REASONS,
  MARKET_TRADING_STATUSES,
} from '../primitives/trading-enums';
import { DateTimeSchema } from '../primitives/identifier';

/*
 * Public market data (appendix B, operations 40–42): the same for every client, no token. Prices
 * and amounts are decimal strings; markets stay open enums, as the service may list new ones.
 */

/** A window in which the service plans maintenance of a market; `recurrence` as it writes it. */
export const ScheduledMaintenanceSchema = z.looseObject({
  starts_at: DateTimeSchema.optional(),
  ends_at: DateTimeSchema.optional(),
  recurrence: z.string().optional(),
});
export type ScheduledMaintenance = z.infer<typeof ScheduledMaintenanceSchema>;

/**
 * Whether a market takes orders, side by side: an UNAVAILABLE side refuses IOC and FOK orders
 * (appendix B, List Markets), with its reason and any maintenance planned.
 */
export const MarketStatusSchema = z.looseObject({
  buy_status: openEnum(MARKET_TRADING_STATUSES).optional(),
  sell_status: openEnum(MARKET_TRADING_STATUSES).optional(),
  buy_reason: openEnum(MARKET_STATUS_REASONS).optional(),
  sell_reason: openEnum(MARKET_STATUS_REASONS).optional(),
  updated_at: DateTimeSchema.optional(),
  scheduled_maintenance: z.array(ScheduledMaintenanceSchema).optional(),
});
export type MarketStatus = z.infer<typeof MarketStatusSchema>;

/** A market, its status side by side and its order bounds. */
export const MarketDetailsSchema = z.looseObject({
  market: openEnum(MARKETS),
  base_asset: z.string().optional(),
  quote_asset: z.string().optional(),
  tick_rate: z.string().optional(),
  market_status: MarketStatusSchema.optional(),
  min_base_amount: z.string().optional(),
  min_quote_amount: z.string().optional(),
  max_base_amount: z.string().optional(),
  max_quote_amount: z.string().optional(),
});
export type MarketDetails = z.infer<typeof MarketDetailsSchema>;

/** A market's price now and a day ago. */
export const MarketPriceSchema = z.looseObject({
  market: openEnum(MARKETS),
  current_price: z.string().optional(),
  yesterday_price: z.string().optional(),
  snapshot_at: DateTimeSchema.optional(),
});
export type MarketPrice = z.infer<typeof MarketPriceSchema>;

const PriceAmountSchema = z.looseObject({ price: z.string(), amount: z.string() }).partial();

/** The window a ticker's figures cover: `range` of ExchangeStats, never high minus low. */
export const StatsRangeSchema = z.looseObject({
  begin: DateTimeSchema.optional(),
  end: DateTimeSchema.optional(),
});
export type StatsRange = z.infer<typeof StatsRangeSchema>;

/** A day of a market: open, high, low, volume and average price, and the window they cover. */
export const ExchangeStatsSchema = z
  .looseObject({
    open: z.string(),
    high: z.string(),
    low: z.string(),
    volume: z.string(),
    volume_weighted_average_price: z.string(),
    range: StatsRangeSchema,
  })
  .partial();
export type ExchangeStats = z.infer<typeof ExchangeStatsSchema>;

/** The ticker of a market: best bid and ask, the last execution, and the day's statistics. */
export const TickerSchema = z.looseObject({
  market: openEnum(MARKETS),
  best_bid: PriceAmountSchema.optional(),
  best_ask: PriceAmountSchema.optional(),
  last_execution: PriceAmountSchema.optional(),
  last_day: ExchangeStatsSchema.optional(),
  today: ExchangeStatsSchema.optional(),
  snapshot_at: DateTimeSchema.optional(),
});
export type Ticker = z.infer<typeof TickerSchema>;
