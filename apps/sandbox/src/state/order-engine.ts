import Big from 'big.js';
import { marketAssets, type Market } from '@console/schemas';
import { ASSET_PRECISION, ROUND_DOWN, ROUND_UP } from './assets';
import { available, credit, debit, hold, release } from './balances';
import type { Execution, OrderState, OrderStatus, SandboxState } from './store';

/**
 * Base amount the simulated market takes at once from an order that takes liquidity (market
 * orders, limits that cross when they arrive or open, triggered stops). Beyond it a market or IOC
 * order fills partly (the rest is cancelled), a FOK order is cancelled, a limit rests. Each is
 * worth less than the 500,000 USD notional limit of a market order, so a partial fill is reachable.
 */
export const MARKET_DEPTH: Record<string, string> = {
  BTC: '5',
  ETH: '100',
  PAXG: '100',
  BCH: '1000',
  LTC: '5000',
  USDP: '400000',
  LINK: '20000',
  MATIC: '500000',
  AAVE: '2000',
  UNI: '50000',
};

export const isClosed = (o: OrderState) =>
  o.status === 'FILLED' || o.status === 'CANCELLED' || o.status === 'REJECTED';

export const isStop = (o: OrderState) => o.type === 'STOP_MARKET' || o.type === 'STOP_LIMIT';

export function depthOf(market: Market): Big {
  return new Big(MARKET_DEPTH[marketAssets(market).base] ?? '0');
}

/** What one crossing fills of a resting order (config `market.crossing_depth`). */
export function crossingDepthOf(state: SandboxState, market: Market): Big {
  return new Big(state.market.crossing_depth[marketAssets(market).base] ?? '0');
}

const quotePlaces = (market: Market) => ASSET_PRECISION[marketAssets(market).quote] ?? 2;

/** Commission on a gross trade amount, rounded up to the quote's places (the fee is fiat). */
export function commissionOn(market: Market, gross: Big, rate: string): Big {
  return gross.times(rate).round(quotePlaces(market), ROUND_UP);
}

/** What a buy of `base` at `price` costs in quote: the gross rounded up, plus the commission. */
export function buyCost(market: Market, base: Big, price: Big, rate: string): Big {
  const gross = base.times(price);
  return gross.round(quotePlaces(market), ROUND_UP).plus(commissionOn(market, gross, rate));
}

/** The remaining base amount of an order (market buys have none until they fill). */
export function remainingOf(o: OrderState): Big {
  return (o.base_amount ?? new Big(0)).minus(o.amount_filled);
}

/**
 * What an open order holds for its remaining amount: a sell holds base; a buy holds quote for
 * the rest at its limit (the stop price for a stop without one) with the taker commission, the
 * most a fill of it can cost.
 */
export function holdFor(state: SandboxState, o: OrderState): { asset: string; amount: Big } {
  const { base, quote } = marketAssets(o.market);
  const rest = remainingOf(o);
  if (o.side === 'SELL') return { asset: base, amount: rest };
  if (o.type === 'MARKET') return { asset: quote, amount: o.quote_amount ?? new Big(0) };
  const at = (o.price ?? o.stop_price) as Big;
  return { asset: quote, amount: buyCost(o.market, rest, at, state.market.taker_fee_rate) };
}

function releaseHold(state: SandboxState, o: OrderState): void {
  if (!o.hold) return;
  const profile = state.profiles.get(o.profile_id);
  if (profile) release(profile, o.hold.asset, o.hold.amount);
  o.hold = undefined;
}

/** Holds what an open order needs for its remaining amount. */
export function placeHold(state: SandboxState, o: OrderState): void {
  const profile = state.profiles.get(o.profile_id);
  const needs = holdFor(state, o);
  if (!profile || needs.amount.lte(0)) return;
  hold(profile, needs.asset, needs.amount);
  o.hold = needs;
}

/** Ends an order: releases what it held and stamps the close time (for ref_id reuse). */
export function closeOrder(
  state: SandboxState,
  order: OrderState,
  status: OrderStatus,
  now: number,
): void {
  releaseHold(state, order);
  order.status = status;
  order.modified_at = now;
  order.closed_at = now;
}

/**
 * Executes `base` of an order at `price` as one fill: an execution with its commission, charged
 * in the quote currency. A buy pays the gross (rounded up to the quote's places) plus the
 * commission; a sell receives the gross (rounded down) less the commission, never below zero. The
 * bought base or the sale's quote goes to the recipient (the order's profile unless
 * `recipient_profile_id`). The hold is released before and placed again for what remains, so
 * balances are exact after every fill. Answers false, moving nothing, when the funds are gone.
 */
export function fill(
  state: SandboxState,
  order: OrderState,
  base: Big,
  price: Big,
  liquidity: 'MAKER' | 'TAKER',
  now: number,
): boolean {
  const profile = state.profiles.get(order.profile_id);
  const recipient = state.profiles.get(order.recipient_profile_id ?? order.profile_id);
  if (!profile || !recipient || base.lte(0)) return false;
  const { base: baseAsset, quote } = marketAssets(order.market);
  const places = quotePlaces(order.market);
  const rate = liquidity === 'MAKER' ? state.market.maker_fee_rate : state.market.taker_fee_rate;
  const gross = base.times(price);
  let commission = commissionOn(order.market, gross, rate);
  releaseHold(state, order);
  if (order.side === 'BUY') {
    const cost = gross.round(places, ROUND_UP).plus(commission);
    if (available(profile, quote).lt(cost)) return false;
    debit(profile, quote, cost);
    credit(recipient, baseAsset, base);
  } else {
    if (available(profile, baseAsset).lt(base)) return false;
    const proceeds = gross.round(places, ROUND_DOWN);
    if (commission.gt(proceeds)) commission = proceeds;
    debit(profile, baseAsset, base);
    credit(recipient, quote, proceeds.minus(commission));
  }
  order.amount_filled = order.amount_filled.plus(base);
  order.gross_filled = order.gross_filled.plus(gross);
  order.modified_at = now;
  state.executions.push(execution(state, order, base, price, commission, gross, now));
  return true;
}

function execution(
  state: SandboxState,
  order: OrderState,
  amount: Big,
  price: Big,
  commission: Big,
  gross: Big,
  now: number,
): Execution {
  const { quote } = marketAssets(order.market);
  const account = order.identity_account_id ?? state.profiles.get(order.profile_id)?.account_id;
  return {
    execution_id: String(state.next_execution_id++),
    order_id: order.id,
    profile_id: order.profile_id,
    executed_at: now,
    market: order.market,
    side: order.side,
    amount,
    price,
    commission,
    commission_asset: quote,
    rebate: new Big(0),
    rebate_asset: quote,
    ...(account ? { account_id: account } : {}),
    gross_trade_amount: gross,
  };
}

const crosses = (o: OrderState, limit: Big, p: Big) =>
  o.side === 'BUY' ? p.lte(limit) : p.gte(limit);

/**
 * Takes liquidity now at the market price `p`, up to the market depth: a market order or a
 * triggered stop market fills what it can and the rest is cancelled; a limit that crosses fills
 * what it can and the rest rests (or is cancelled when it is IOC).
 */
export function take(state: SandboxState, o: OrderState, p: Big, now: number): void {
  const wanted = remainingOf(o);
  const depth = depthOf(o.market);
  const part = wanted.gt(depth) ? depth : wanted;
  const ok = fill(state, o, part, p, 'TAKER', now);
  const whole = ok && part.eq(wanted);
  const rests = !whole && ok && o.type !== 'MARKET' && o.type !== 'STOP_MARKET';
  if (whole) closeOrder(state, o, 'FILLED', now);
  else if (rests && o.time_in_force !== 'IOC' && o.time_in_force !== 'FOK') placeHold(state, o);
  else closeOrder(state, o, 'CANCELLED', now);
}

/** Runs one moment of the simulation for one working order at price `p`. */
function stepOrder(state: SandboxState, order: OrderState, t: number, p: Big): void {
  if (order.expiration !== undefined && t >= order.expiration) {
    closeOrder(state, order, 'CANCELLED', order.expiration);
    return;
  }
  if (order.status === 'SUBMITTED') {
    if (t < order.opens_at) return;
    order.status = 'OPEN';
    order.modified_at = order.opens_at;
  }
  if (isStop(order) && !order.is_triggered) {
    // Stop orders are stop-loss sells: they trigger when the price falls to the stop.
    if (p.gt(order.stop_price as Big)) return;
    order.is_triggered = true;
    order.modified_at = t;
    order.opened = false;
  }
  if (order.type === 'STOP_MARKET') return take(state, order, p, t);
  const limit = order.price as Big;
  const crossing = crosses(order, limit, p);
  if (!order.opened) {
    // A limit marketable when it opens (or triggers) takes liquidity at the market price; one
    // that is not, and every post-only, rests: the price moving through it later fills it as a
    // maker.
    order.opened = true;
    if (crossing && order.type !== 'POST_ONLY_LIMIT') {
      order.last_cross_price = p;
      take(state, order, p, t);
    }
    return;
  }
  if (!crossing) {
    order.last_cross_price = undefined;
    return;
  }
  if (order.last_cross_price?.eq(p)) return;
  order.last_cross_price = p;
  const rest = remainingOf(order);
  const depth = crossingDepthOf(state, order.market);
  const part = rest.gt(depth) ? depth : rest;
  if (!fill(state, order, part, limit, 'MAKER', t)) return closeOrder(state, order, 'CANCELLED', t);
  if (part.eq(rest)) closeOrder(state, order, 'FILLED', t);
  else placeHold(state, order);
}

function stepOrders(state: SandboxState, t: number, market?: Market): void {
  for (const order of state.orders.values()) {
    if (isClosed(order) || order.created_at > t) continue;
    if (market !== undefined && order.market !== market) continue;
    stepOrder(state, order, t, state.prices.at(order.market, t));
  }
}

/**
 * Brings the orders up to `now`, sampling the price once a second since the last request (at
 * most 3600 samples; coarser beyond), so a price that crossed a limit between two requests is seen.
 */
export function advanceOrders(state: SandboxState, now: number): void {
  const from = state.advanced_to;
  if (now <= from) return;
  const span = now - from;
  const step = Math.max(1_000, Math.ceil(span / 3_600));
  for (let t = from + step; t < now; t += step) stepOrders(state, t);
  stepOrders(state, now);
  state.advanced_to = now;
}

/** The orders of one market react at once to a price that a control call just moved. */
export function reactToPrice(state: SandboxState, market: Market, now: number): void {
  stepOrders(state, now, market);
}
