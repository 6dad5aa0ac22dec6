import Big from 'big.js';
import { marketAssets, type Market } from '@console/schemas';
import { iso } from '../clock';
import { ASSET_PRECISION, ROUND_DOWN, ROUND_UP, fmt, fmtAsset } from './assets';
import { available, credit, debit, release } from './balances';
import type { OrderState, SandboxState } from './store';

/**
 * Base amount the simulated market takes at once. Market and IOC orders beyond it fill partly
 * (the rest is cancelled) and FOK orders beyond it are cancelled; resting orders fill whole.
 */
export const MARKET_DEPTH: Record<string, string> = {
  BTC: '20',
  ETH: '500',
  PAXG: '200',
  BCH: '2000',
  LTC: '10000',
  USDP: '1000000',
  LINK: '50000',
  MATIC: '1000000',
  AAVE: '5000',
  UNI: '100000',
};

/** A resting order becomes OPEN this long after it was SUBMITTED. */
export const OPEN_AFTER_MS = 1_000;

export const isClosed = (o: OrderState) =>
  o.status === 'FILLED' || o.status === 'CANCELLED' || o.status === 'REJECTED';

export function depthOf(market: Market): Big {
  return new Big(MARKET_DEPTH[marketAssets(market).base] ?? '0');
}

/** Quote value of a base amount at a price, rounded up to the quote's places (what a buyer pays). */
export function quoteCost(market: Market, base: Big, price: Big): Big {
  const { quote } = marketAssets(market);
  return base.times(price).round(ASSET_PRECISION[quote] ?? 2, ROUND_UP);
}

/** Ends an order: releases what it held and stamps the close time (for ref_id reuse). */
export function closeOrder(
  state: SandboxState,
  order: OrderState,
  status: OrderState['status'],
  now: number,
): void {
  if (order.reserved) {
    const profile = state.profiles.get(order.profile_id);
    if (profile) release(profile, order.reserved.asset, order.reserved.amount);
    order.reserved = undefined;
  }
  order.status = status;
  order.modified_at = now;
  order.closed_at = now;
}

/**
 * Executes `base` of an order at `price`: the buyer pays quote and the recipient (the order's
 * profile unless `recipient_profile_id`) gets base; the reverse for a sell. No trading fee.
 * Answers false, moving nothing, when the funds are no longer there.
 */
export function execute(
  state: SandboxState,
  order: OrderState,
  base: Big,
  price: Big,
  now: number,
): boolean {
  const profile = state.profiles.get(order.profile_id);
  const recipient = state.profiles.get(order.recipient_profile_id ?? order.profile_id);
  if (!profile || !recipient || base.lte(0)) return false;
  const { base: baseAsset, quote } = marketAssets(order.market);
  if (order.reserved) {
    release(profile, order.reserved.asset, order.reserved.amount);
    order.reserved = undefined;
  }
  if (order.side === 'BUY') {
    let cost = quoteCost(order.market, base, price);
    if (order.quote_amount && cost.gt(order.quote_amount)) cost = order.quote_amount;
    if (available(profile, quote).lt(cost)) return false;
    debit(profile, quote, cost);
    credit(recipient, baseAsset, base);
    order.quote_filled = order.quote_filled.plus(cost);
  } else {
    if (available(profile, baseAsset).lt(base)) return false;
    const proceeds = base.times(price).round(ASSET_PRECISION[quote] ?? 2, ROUND_DOWN);
    debit(profile, baseAsset, base);
    credit(recipient, quote, proceeds);
    order.quote_filled = order.quote_filled.plus(proceeds);
  }
  order.amount_filled = order.amount_filled.plus(base);
  order.modified_at = now;
  return true;
}

/** Runs one moment of the simulation for the orders still working. */
function stepOrders(state: SandboxState, t: number): void {
  for (const order of state.orders.values()) {
    if (isClosed(order) || order.created_at > t) continue;
    if (order.expiration !== undefined && t >= order.expiration) {
      closeOrder(state, order, 'CANCELLED', order.expiration);
      continue;
    }
    if (order.status === 'SUBMITTED') {
      if (t < order.opens_at) continue;
      order.status = 'OPEN';
      order.modified_at = order.opens_at;
    }
    const p = state.prices.at(order.market, t);
    const isStop = order.type === 'STOP_MARKET' || order.type === 'STOP_LIMIT';
    if (isStop && !order.is_triggered) {
      const stop = order.stop_price as Big;
      if (order.side === 'BUY' ? p.lt(stop) : p.gt(stop)) continue;
      order.is_triggered = true;
      order.modified_at = t;
    }
    const remaining = (order.base_amount as Big).minus(order.amount_filled);
    if (order.type === 'STOP_MARKET') {
      const ok = execute(state, order, remaining, p, t);
      closeOrder(state, order, ok ? 'FILLED' : 'CANCELLED', t);
      continue;
    }
    const limit = order.price as Big;
    const crosses = order.side === 'BUY' ? p.lte(limit) : p.gte(limit);
    if (!crosses) continue;
    const ok = execute(state, order, remaining, p, t);
    closeOrder(state, order, ok ? 'FILLED' : 'CANCELLED', t);
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

/** The order as the service answers it. */
export function orderView(o: OrderState): Record<string, unknown> {
  const { base, quote } = marketAssets(o.market);
  const vwap = o.amount_filled.gt(0) ? fmt(o.quote_filled.div(o.amount_filled), 8) : '0';
  return {
    id: o.id,
    profile_id: o.profile_id,
    ...(o.ref_id !== undefined ? { ref_id: o.ref_id } : {}),
    status: o.status,
    side: o.side,
    market: o.market,
    type: o.type,
    ...(o.base_amount ? { base_amount: fmtAsset(o.base_amount, base) } : {}),
    ...(o.price ? { price: o.price.toFixed() } : {}),
    ...(o.quote_amount ? { quote_amount: fmtAsset(o.quote_amount, quote) } : {}),
    ...(o.stop_price ? { stop_price: o.stop_price.toFixed() } : {}),
    metadata: o.metadata ?? {},
    created_at: iso(o.created_at),
    modified_at: iso(o.modified_at),
    amount_filled: fmtAsset(o.amount_filled, base),
    volume_weighted_average_price: vwap,
    time_in_force: o.time_in_force,
    ...(o.expiration !== undefined ? { expiration_date: iso(o.expiration) } : {}),
    ...(o.identity_id ? { identity_id: o.identity_id } : {}),
    ...(o.identity_account_id ? { identity_account_id: o.identity_account_id } : {}),
    ...(o.recipient_profile_id ? { recipient_profile_id: o.recipient_profile_id } : {}),
    ...(o.type === 'STOP_MARKET' || o.type === 'STOP_LIMIT'
      ? { is_triggered: o.is_triggered }
      : {}),
  };
}
