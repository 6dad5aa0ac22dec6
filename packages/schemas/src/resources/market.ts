import { z } from 'zod';
import { MARKETS, openEnum } from '../primitives/enums';
import { DateTimeSchema } from '../primitives/identifier';

/*
 * Public market data (appendix B, operations 40–42): the same for every client, no token. Prices
 * and amounts are decimal strings; markets stay open enums, as the service may list new ones.
 */

/** A market and its order bounds. */
export const MarketDetailsSchema = z.looseObject({
  market: openEnum(MARKETS),
  base_asset: z.string().optional(),
  quote_asset: z.string().optional(),
  tick_rate: z.string().optional(),
  market_status: z.string().optional(),
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

/** A day of a market: open, high, low, volume, average price and range. */
export const ExchangeStatsSchema = z
  .looseObject({
    open: z.string(),
    high: z.string(),
    low: z.string(),
    volume: z.string(),
    volume_weighted_average_price: z.string(),
    range: z.string(),
  })
  .partial();

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
