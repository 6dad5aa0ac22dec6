import Big from 'big.js';
import {
  MARKETS,
  MIN_BASE_AMOUNT,
  MIN_QUOTE_AMOUNT,
  marketAssets,
  type Market,
} from '@console/schemas';
import { iso } from '../clock';
import { ASSET_PRECISION, ROUND_DOWN, fmt } from './assets';
import { marketStatusView } from './market-status';
import { depthOf } from './order-engine';
import { maxNotional } from './order-rules';
import { PRICE_PLACES, usdValue } from './prices';
import type { SandboxState } from './store';

/*
 * Public market data (appendix B, operations 40–42), from the same price model, executions and
 * order rules the sandbox trades by: what it says is what an order meets.
 */

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

export const isMarket = (value: string): value is Market =>
  (MARKETS as readonly string[]).includes(value);

/** A market's price increment: one unit of its price's last place. */
export function tickOf(market: Market): Big {
  return new Big(1).div(new Big(10).pow(PRICE_PLACES[market] ?? 2));
}

/**
 * A market and its order bounds: the schemas' minimums, and as maximums the largest limit order
 * (its USD notional limit, in the quote asset, and that at the current price in the base asset).
 */
export function marketDetails(state: SandboxState, market: Market, now: number) {
  const { base, quote } = marketAssets(market);
  const price = state.prices.at(market, now);
  const quoteInUsd = usdValue(state.prices, quote, now) ?? new Big(1);
  const maxQuote = maxNotional(market, 'LIMIT')
    .div(quoteInUsd)
    .round(ASSET_PRECISION[quote] ?? 2, ROUND_DOWN);
  const maxBase = maxQuote.div(price).round(ASSET_PRECISION[base] ?? 8, ROUND_DOWN);
  return {
    market,
    base_asset: base,
    quote_asset: quote,
    tick_rate: tickOf(market).toFixed(),
    market_status: marketStatusView(state.market_status.get(market)!),
    min_base_amount: MIN_BASE_AMOUNT,
    min_quote_amount: MIN_QUOTE_AMOUNT,
    max_base_amount: fmt(maxBase),
    max_quote_amount: maxQuote.toFixed(ASSET_PRECISION[quote] ?? 2),
  };
}

/** A market's price now and a day before. */
export function marketPrice(state: SandboxState, market: Market, now: number) {
  return {
    market,
    current_price: state.prices.at(market, now).toFixed(),
    yesterday_price: state.prices.at(market, now - DAY).toFixed(),
    snapshot_at: iso(now),
  };
}

/**
 * A day of a market, from `from` to `to` inclusive (Unix ms): its price sampled each minute (open,
 * high, low) and the executions of every profile in it (volume in the base asset, its average
 * price), with the window they cover as `range`.
 */
function stats(state: SandboxState, market: Market, from: number, to: number) {
  const samples: Big[] = [];
  for (let t = from; t < to; t += MINUTE) samples.push(state.prices.at(market, t));
  samples.push(state.prices.at(market, to));
  const high = samples.reduce((a, b) => (b.gt(a) ? b : a));
  const low = samples.reduce((a, b) => (b.lt(a) ? b : a));
  const fills = state.executions.filter(
    (e) => e.market === market && e.executed_at >= from && e.executed_at <= to,
  );
  const volume = fills.reduce((sum, e) => sum.plus(e.amount), new Big(0));
  const gross = fills.reduce((sum, e) => sum.plus(e.gross_trade_amount), new Big(0));
  const places = PRICE_PLACES[market] ?? 2;
  return {
    open: samples[0]!.toFixed(),
    high: high.toFixed(),
    low: low.toFixed(),
    volume: fmt(volume),
    // No average price of a day without executions.
    ...(volume.gt(0)
      ? { volume_weighted_average_price: gross.div(volume).round(places, ROUND_DOWN).toFixed() }
      : {}),
    // The window the figures cover (appendix B, ExchangeStats), not high minus low.
    range: { begin: iso(from), end: iso(to) },
  };
}

/**
 * The ticker: the best bid and ask one tick either side of the midpoint, each for the depth a
 * market order fills; the last execution on the market; today (since midnight UTC) and the day
 * before.
 */
export function ticker(state: SandboxState, market: Market, now: number) {
  const mid = state.prices.at(market, now);
  const tick = tickOf(market);
  const depth = depthOf(market).toFixed();
  const last = state.executions.filter((e) => e.market === market).at(-1);
  const midnight = now - (now % DAY);
  return {
    market,
    best_bid: { price: mid.minus(tick).toFixed(), amount: depth },
    best_ask: { price: mid.plus(tick).toFixed(), amount: depth },
    ...(last ? { last_execution: { price: last.price.toFixed(), amount: fmt(last.amount) } } : {}),
    last_day: stats(state, market, midnight - DAY, midnight - 1),
    today: stats(state, market, midnight, now),
    snapshot_at: iso(now),
  };
}
