import Big from 'big.js';
import { marketAssets, TIME_IN_FORCE_TABLE } from '@console/schemas';
import { forbidden, notFound } from '../problem';
import { ASSET_PRECISION, ROUND_DOWN, amountOf } from '../state/assets';
import { profileOr404, requireAvailable, reserve } from '../state/balances';
import { requireIdentityAccount } from '../state/identities';
import {
  OPEN_AFTER_MS,
  closeOrder,
  depthOf,
  execute,
  isClosed,
  orderView,
} from '../state/order-engine';
import { rememberRef, requireFreshRef } from '../state/refs';
import { uuidFrom } from '../state/random';
import type { OrderState, SandboxState } from '../state/store';
import type { Handler } from './types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Real-time step between checks while an answer is held by await_fill_millis. */
const AWAIT_STEP_MS = 50;

/**
 * Create Order. Market orders and IOC/FOK limits execute at once against the simulated price;
 * GTC/GTT limits and stop orders rest, holding their funds (see state/order-engine.ts).
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
  if (
    body.self_match_prevention_id !== undefined &&
    !client.permissions?.includes('self_match_prevention')
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
    id: uuidFrom(state.random),
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
    quote_filled: new Big(0),
    created_at: now,
    modified_at: now,
    opens_at: now + OPEN_AFTER_MS,
  };

  // Funds first: an order the profile cannot pay for is refused outright.
  const needs = fundsNeeded(order);
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

function fundsNeeded(o: OrderState): { asset: string; amount: Big } {
  const { base, quote } = marketAssets(o.market);
  if (o.side === 'SELL') return { asset: base, amount: o.base_amount as Big };
  if (o.type === 'MARKET') return { asset: quote, amount: o.quote_amount as Big };
  const at = (o.type === 'STOP_MARKET' ? o.stop_price : o.price) as Big;
  return {
    asset: quote,
    amount: (o.base_amount as Big).times(at).round(ASSET_PRECISION[quote] ?? 2, 3),
  };
}

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
    if (resting.type.startsWith('STOP') && !resting.is_triggered) continue;
    const crosses =
      limit === undefined ||
      (incoming.side === 'BUY' ? resting.price.lte(limit) : resting.price.gte(limit));
    if (crosses) closeOrder(state, resting, 'CANCELLED', now);
  }
}

function place(state: SandboxState, o: OrderState, now: number): void {
  const profile = state.profiles.get(o.profile_id);
  if (!profile) throw notFound(`profile_id: profile ${o.profile_id} does not exist`);
  const p = state.prices.at(o.market, now);
  const depth = depthOf(o.market);
  const { base } = marketAssets(o.market);
  const basePlaces = ASSET_PRECISION[base] ?? 8;

  if (o.type === 'MARKET') {
    const wanted =
      o.side === 'BUY'
        ? (o.quote_amount as Big).div(p).round(basePlaces, ROUND_DOWN)
        : (o.base_amount as Big);
    const filled = wanted.gt(depth) ? depth : wanted;
    execute(state, o, filled, p, now);
    closeOrder(state, o, filled.eq(wanted) && filled.gt(0) ? 'FILLED' : 'CANCELLED', now);
    return;
  }
  const amount = o.base_amount as Big;
  if (o.type === 'LIMIT' || o.type === 'POST_ONLY_LIMIT') {
    const marketable = o.side === 'BUY' ? p.lte(o.price as Big) : p.gte(o.price as Big);
    if (o.type === 'POST_ONLY_LIMIT' && marketable) return closeOrder(state, o, 'REJECTED', now);
    if (o.time_in_force === 'IOC' || o.time_in_force === 'FOK') {
      if (!marketable || (o.time_in_force === 'FOK' && amount.gt(depth))) {
        return closeOrder(state, o, 'CANCELLED', now);
      }
      const filled = amount.gt(depth) ? depth : amount;
      execute(state, o, filled, p, now);
      return closeOrder(state, o, filled.eq(amount) ? 'FILLED' : 'CANCELLED', now);
    }
  }
  // Resting: GTC and GTT limits, and every stop order, hold their funds until they close.
  const needs = fundsNeeded(o);
  reserve(profile, needs.asset, needs.amount);
  o.reserved = needs;
}
