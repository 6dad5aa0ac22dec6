import Big from 'big.js';
import { marketAssets, TIME_IN_FORCE_TABLE } from '@console/schemas';
import { forbidden } from '../problem';
import { ASSET_PRECISION, ROUND_DOWN, amountOf } from '../state/assets';
import { profileOr404, requireAvailable } from '../state/balances';
import { requireIdentityAccount, requireMayTransact } from '../state/identities';
import {
  closeOrder,
  depthOf,
  fill,
  isClosed,
  isStop,
  placeHold,
  take,
} from '../state/order-engine';
import { requireSideAvailable } from '../state/market-status';
import { fundsNeeded, marketable, outsideBand, requireNotional } from '../state/order-rules';
import { orderView } from '../state/order-view';
import { rememberRef, requireFreshRef } from '../state/refs';
import { newId } from '../state/random';
import type { OrderState, SandboxState } from '../state/store';
import type { Handler } from './types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Real-time step between checks while an answer is held by await_fill_millis. */
const AWAIT_STEP_MS = 50;

/**
 * Create Order. Market orders and IOC/FOK limits execute at once against the simulated price;
 * GTC/GTT limits and stop orders rest, holding their funds (see state/order-engine.ts). IOC and
 * FOK on a side of its market that is UNAVAILABLE, and notional limits, answer 403; a post-only that would cross, or a taker limit 15 % or more from the
 * midpoint, is REJECTED.
 */
export const createOrder: Handler<'createOrder'> = async ({
  body,
  params,
  client,
  state,
  now,
  advance,
}) => {
  const profileId = params.profile_id ?? '';
  const profile = profileOr404(state, profileId);
  if (body.recipient_profile_id !== undefined)
    profileOr404(state, body.recipient_profile_id, 'recipient_profile_id');
  requireIdentityAccount(state, body.identity_id, body.identity_account_id, {
    identity: 'identity_id',
    account: 'identity_account_id',
  });
  requireMayTransact(state, body.identity_id, 'identity_id', body.side === 'BUY' ? 'buy' : 'sell');
  if (
    body.self_match_prevention_id !== undefined &&
    !client?.permissions?.includes('self_match_prevention')
  ) {
    throw forbidden(
      'self_match_prevention_id: this client lacks the self_match_prevention permission',
    );
  }
  const { base, quote } = marketAssets(body.market);
  const baseAmount =
    body.base_amount !== undefined ? amountOf(body.base_amount, base, 'base_amount') : undefined;
  const quoteAmount =
    body.quote_amount !== undefined
      ? amountOf(body.quote_amount, quote, 'quote_amount')
      : undefined;
  const price = body.price !== undefined ? amountOf(body.price, quote, 'price') : undefined;
  const stopPrice =
    body.stop_price !== undefined ? amountOf(body.stop_price, quote, 'stop_price') : undefined;
  requireFreshRef(state, 'order', body.ref_id, now);

  const order: OrderState = {
    id: newId(),
    profile_id: profileId,
    customer_id: profile.customer_id,
    ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
    status: 'SUBMITTED',
    side: body.side,
    market: body.market,
    type: body.type,
    time_in_force: body.time_in_force ?? TIME_IN_FORCE_TABLE[body.type].default,
    base_amount: baseAmount,
    quote_amount: quoteAmount,
    price,
    stop_price: stopPrice,
    ...(body.expiration_date !== undefined ? { expiration: Number(body.expiration_date) } : {}),
    metadata: body.metadata,
    identity_id: body.identity_id,
    identity_account_id: body.identity_account_id,
    recipient_profile_id: body.recipient_profile_id,
    self_match_prevention_id: body.self_match_prevention_id,
    is_triggered: false,
    amount_filled: new Big(0),
    gross_filled: new Big(0),
    opened: false,
    created_at: now,
    modified_at: now,
    opens_at: now + state.timings.order_open_ms,
  };

  requireSideAvailable(state, order.market, order.side, order.time_in_force);
  requireNotional(state, order, now);
  // Funds first: an order the profile cannot pay for is refused outright.
  const needs = fundsNeeded(state, order);
  requireAvailable(profile, needs.asset, needs.amount);
  preventSelfMatch(state, order, now);
  place(state, order, now);
  state.orders.set(order.id, order);
  rememberRef(state, 'order', order.ref_id, orderView(order), order.id);

  const wait = body.await_fill_millis ?? 0;
  const until = Date.now() + wait;
  while (wait > 0 && !isClosed(order) && Date.now() < until) {
    await sleep(Math.min(AWAIT_STEP_MS, until - Date.now()));
    advance();
  }
  const answer = orderView(order);
  rememberRef(state, 'order', order.ref_id, answer, order.id);
  return answer;
};

/** The limit an order would trade at: market orders take any price. */
function limitOf(o: OrderState): Big | undefined {
  return o.type === 'MARKET' || o.type === 'STOP_MARKET' ? undefined : o.price;
}

/**
 * Without `self_match_prevention_id`, an incoming order that crosses a resting order of the same
 * customer cancels the resting one (spec, Create Order). With it, both stand.
 */
function preventSelfMatch(state: SandboxState, incoming: OrderState, now: number): void {
  if (incoming.self_match_prevention_id !== undefined) return;
  const limit = limitOf(incoming);
  for (const resting of state.orders.values()) {
    if (isClosed(resting) || resting.market !== incoming.market || resting.side === incoming.side)
      continue;
    if (resting.customer_id !== incoming.customer_id || resting.price === undefined) continue;
    if (isStop(resting) && !resting.is_triggered) continue;
    const crosses =
      limit === undefined ||
      (incoming.side === 'BUY' ? resting.price.lte(limit) : resting.price.gte(limit));
    if (crosses) closeOrder(state, resting, 'CANCELLED', now);
  }
}

/**
 * A market buy spends at most `quote_amount`, commission included: the base it buys is the quote
 * less two units of its last place (the two roundings up, of the gross and of the commission)
 * divided by the price with the taker rate, rounded down to the base's places.
 */
function marketBuy(state: SandboxState, o: OrderState, p: Big, now: number): void {
  const { base, quote } = marketAssets(o.market);
  const unit = new Big(1).div(new Big(10).pow(ASSET_PRECISION[quote] ?? 2));
  const spendable = (o.quote_amount as Big).minus(unit.times(2));
  const perBase = p.times(new Big(1).plus(state.market.taker_fee_rate));
  const wanted = spendable.gt(0)
    ? spendable.div(perBase).round(ASSET_PRECISION[base] ?? 8, ROUND_DOWN)
    : new Big(0);
  const depth = depthOf(o.market);
  const part = wanted.gt(depth) ? depth : wanted;
  const ok = part.gt(0) && fill(state, o, part, p, 'TAKER', now);
  closeOrder(state, o, ok && part.eq(wanted) ? 'FILLED' : 'CANCELLED', now);
}

function place(state: SandboxState, o: OrderState, now: number): void {
  const p = state.prices.at(o.market, now);
  if (o.type === 'MARKET') {
    if (o.side === 'BUY') return marketBuy(state, o, p, now);
    return take(state, o, p, now);
  }
  if (o.type === 'LIMIT' || o.type === 'POST_ONLY_LIMIT') {
    const crossing = marketable(o, p);
    if (crossing && (o.type === 'POST_ONLY_LIMIT' || outsideBand(o, p))) {
      return closeOrder(state, o, 'REJECTED', now);
    }
    if (o.time_in_force === 'IOC' || o.time_in_force === 'FOK') {
      const amount = o.base_amount as Big;
      if (!crossing || (o.time_in_force === 'FOK' && amount.gt(depthOf(o.market)))) {
        return closeOrder(state, o, 'CANCELLED', now);
      }
      return take(state, o, p, now);
    }
  }
  // Resting: GTC and GTT limits, and every stop order, hold their funds until they close.
  placeHold(state, o);
}
