import Big from 'big.js';
import { z } from 'zod';
import { assetPrecision } from './primitives/assets';
import { DECIMAL_PATTERN } from './primitives/decimal';
import {
  MARKETS,
  marketAssets,
  type Market,
  type OrderSide,
  type OrderType,
} from './primitives/trading-enums';
import type { Execution } from './resources/execution';

/*
 * The fee an order will pay, estimated before it is sent (issue 67). The service charges a
 * commission on each fill's gross at a maker's or a taker's rate and publishes neither; the
 * organisation's fee schedule (`FEE_SCHEDULE`) names them per market. Without one, the highest
 * rate the profile's recent fills of the same side paid stands in; without either, no estimate.
 * Decimal arithmetic throughout, rounded up to the quote asset's places as the commission is.
 */

const RateSchema = z.string().regex(DECIMAL_PATTERN, { error: 'A rate is a decimal, 0.0025' });

/** A market's rates, as fractions of the gross (0.0025 is 0.25 %). */
export const FeeRatesSchema = z.strictObject({ maker: RateSchema, taker: RateSchema });
export type FeeRates = z.infer<typeof FeeRatesSchema>;

/** The organisation's fee schedule: maker and taker rates per market it trades. */
export const FeeScheduleSchema = z.partialRecord(z.enum(MARKETS), FeeRatesSchema);
export type FeeSchedule = z.infer<typeof FeeScheduleSchema>;

/** `GET /api/fee-schedule`: the schedule, or null when the organisation set none. */
export const FeeScheduleResponseSchema = z.object({ schedule: FeeScheduleSchema.nullable() });
export type FeeScheduleResponse = z.infer<typeof FeeScheduleResponseSchema>;

export type Liquidity = 'MAKER' | 'TAKER';

export interface OrderToEstimate {
  market: Market;
  type: OrderType;
  side: OrderSide;
  base_amount?: string | undefined;
  quote_amount?: string | undefined;
  price?: string | undefined;
  stop_price?: string | undefined;
}

const decimal = (v: string | undefined): Big | undefined =>
  v !== undefined && DECIMAL_PATTERN.test(v) ? new Big(v) : undefined;

/**
 * Whether the order takes liquidity: a market or stop-market order always does, a post-only
 * never; a limit does when it crosses the market's midpoint (a buy at or above it, a sell at or
 * below), as the service decides. A limit whose price or market is not known yet, and a stop
 * limit (which may cross when it triggers), are estimated as takers: the higher rate never falls
 * short.
 */
export function liquidityOf(order: OrderToEstimate, midpoint: string | undefined): Liquidity {
  if (order.type === 'POST_ONLY_LIMIT') return 'MAKER';
  if (order.type !== 'LIMIT') return 'TAKER';
  const price = decimal(order.price);
  const mid = decimal(midpoint);
  if (!price || !mid) return 'TAKER';
  const crosses = order.side === 'BUY' ? mid.lte(price) : mid.gte(price);
  return crosses ? 'TAKER' : 'MAKER';
}

/**
 * The gross the fee is charged on, in the quote asset: a taker fills at the market (the
 * midpoint), a maker at its limit, a stop market at its stop. A market buy's quote amount is what
 * it spends commission included, so its gross is that amount ÷ (1 + rate). Undefined until the
 * amounts it needs are given.
 */
export function grossOf(
  order: OrderToEstimate,
  liquidity: Liquidity,
  midpoint: string | undefined,
  rate: string,
): Big | undefined {
  const base = decimal(order.base_amount);
  if (order.type === 'MARKET' && order.side === 'BUY') {
    return decimal(order.quote_amount)?.div(new Big(1).plus(rate));
  }
  if (order.type === 'STOP_MARKET') {
    const stop = decimal(order.stop_price);
    return base && stop ? base.times(stop) : undefined;
  }
  const at = liquidity === 'MAKER' ? decimal(order.price) : decimal(midpoint);
  return base && at ? base.times(at) : undefined;
}

/** Where an estimate's rate came from, for the words beside it. */
export type RateSource = 'schedule' | 'fills';

export type FeeEstimate =
  | { known: true; fee: string; rate: string; liquidity: Liquidity; source: RateSource }
  /** `no-rate`: neither a schedule for the market nor a fill to learn from. */
  | { known: false; why: 'no-rate' | 'no-amounts'; liquidity: Liquidity };

/**
 * The highest commission ÷ gross among `executions` of `side`: what a fill of that side has cost
 * (a taker's rate is above a maker's, so it does not fall short). Undefined without such a fill.
 */
export function highestRateOf(
  executions: readonly Execution[],
  side: OrderSide,
): string | undefined {
  let highest: Big | undefined;
  for (const e of executions) {
    if (e.side !== side) continue;
    const commission = decimal(e.commission);
    const gross = decimal(e.gross_trade_amount);
    if (!commission || !gross || gross.eq(0)) continue;
    const rate = commission.div(gross).round(8, Big.roundUp);
    if (!highest || rate.gt(highest)) highest = rate;
  }
  return highest?.toFixed();
}

/**
 * The estimate of `order`'s fee: at the schedule's rate for its market and liquidity, else at the
 * highest rate `executions` of its side paid, else none.
 */
export function estimateOrderFee(
  order: OrderToEstimate,
  context: {
    midpoint: string | undefined;
    schedule?: FeeSchedule | null | undefined;
    executions?: readonly Execution[] | undefined;
  },
): FeeEstimate {
  const liquidity = liquidityOf(order, context.midpoint);
  const scheduled = context.schedule?.[order.market];
  const rate = scheduled
    ? liquidity === 'MAKER'
      ? scheduled.maker
      : scheduled.taker
    : highestRateOf(context.executions ?? [], order.side);
  if (rate === undefined) return { known: false, why: 'no-rate', liquidity };
  const gross = grossOf(order, liquidity, context.midpoint, rate);
  if (!gross) return { known: false, why: 'no-amounts', liquidity };
  const places = assetPrecision(marketAssets(order.market).quote) ?? 8;
  return {
    known: true,
    fee: gross.times(rate).round(places, Big.roundUp).toFixed(places),
    rate,
    liquidity,
    source: scheduled ? 'schedule' : 'fills',
  };
}
