/**
 * The demo's past orders: in every final and working state, with their fills, placed
 * by the market-making profile over the days before the console's first start.
 */
import Big from 'big.js';
import {
  DEMO_IDS,
  type Market,
  type OrderSide,
  type OrderType,
  type TimeInForce,
} from '@console/schemas';
import { profileOr404 } from './balances';
import { closeOrder, fill, placeHold, take } from './order-engine';
import { orderView } from './order-view';
import { newId } from './random';
import { rememberRef } from './refs';
import type { OrderState, SandboxState } from './store';

const P = DEMO_IDS.profiles;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface PastOrder {
  ref: string;
  market: Market;
  side: OrderSide;
  type: OrderType;
  tif: TimeInForce;
  base: string;
  price?: string;
  expiration?: number;
  /** Fixed where the operations' examples name it (`DEMO_IDS`). */
  id?: string;
}

/** An order placed at `at` on the market-making desk, through the same engine as live orders. */
function pastOrder(state: SandboxState, o: PastOrder, at: number): OrderState {
  const profile = profileOr404(state, P.marketMaking);
  const order: OrderState = {
    id: o.id ?? newId(),
    profile_id: profile.id,
    customer_id: profile.customer_id,
    ref_id: o.ref,
    status: 'OPEN',
    side: o.side,
    market: o.market,
    type: o.type,
    time_in_force: o.tif,
    base_amount: new Big(o.base),
    ...(o.price ? { price: new Big(o.price) } : {}),
    ...(o.expiration !== undefined ? { expiration: o.expiration } : {}),
    metadata: { desk: 'market-making' },
    is_triggered: false,
    amount_filled: new Big(0),
    gross_filled: new Big(0),
    opened: true,
    created_at: at,
    modified_at: at,
    opens_at: at,
  };
  state.orders.set(order.id, order);
  return order;
}

const remember = (state: SandboxState, o: OrderState) =>
  rememberRef(state, 'order', o.ref_id, orderView(o), o.id);

/**
 * Orders of the demo history: filled in two fills, partly filled and still open, open, partly
 * filled then cancelled, filled at once as a taker, rejected, and expired. Fills go through
 * `fill`, so executions, commissions and balances are what live trading would have made.
 */
export function seedPastOrders(state: SandboxState, start: number): void {
  let t = start;
  const next = (ms: number) => (t += ms);

  const twoFills = pastOrder(
    state,
    {
      ref: 'seed-order-btc-buy',
      market: 'BTCUSD',
      side: 'BUY',
      type: 'LIMIT',
      tif: 'GTC',
      base: '0.5',
      price: '62000',
    },
    t,
  );
  placeHold(state, twoFills);
  fill(state, twoFills, new Big('0.3'), new Big('62000'), 'MAKER', next(HOUR));
  fill(state, twoFills, new Big('0.2'), new Big('62000'), 'MAKER', next(2 * HOUR));
  closeOrder(state, twoFills, 'FILLED', t);

  const partly = pastOrder(
    state,
    {
      ref: 'seed-order-eth-sell',
      market: 'ETHUSD',
      side: 'SELL',
      type: 'LIMIT',
      tif: 'GTC',
      base: '10',
      price: '3400',
    },
    next(DAY),
  );
  fill(state, partly, new Big('4'), new Big('3400'), 'MAKER', next(HOUR));
  placeHold(state, partly);

  const resting = pastOrder(
    state,
    {
      ref: 'seed-order-btc-bid',
      id: DEMO_IDS.orders.open,
      market: 'BTCUSD',
      side: 'BUY',
      type: 'LIMIT',
      tif: 'GTC',
      base: '0.25',
      price: '45000',
    },
    next(DAY),
  );
  placeHold(state, resting);

  const cancelled = pastOrder(
    state,
    {
      ref: 'seed-order-ltc-buy',
      market: 'LTCUSD',
      side: 'BUY',
      type: 'LIMIT',
      tif: 'GTC',
      base: '20',
      price: '70',
    },
    next(DAY),
  );
  fill(state, cancelled, new Big('5'), new Big('70'), 'MAKER', next(3 * HOUR));
  closeOrder(state, cancelled, 'CANCELLED', next(DAY));

  const taker = pastOrder(
    state,
    {
      ref: 'seed-order-eth-market',
      market: 'ETHUSD',
      side: 'SELL',
      type: 'MARKET',
      tif: 'IOC',
      base: '1.5',
    },
    next(DAY),
  );
  take(state, taker, new Big('3180.55'), t);

  const ioc = pastOrder(
    state,
    {
      ref: 'seed-order-link-ioc',
      market: 'LINKUSD',
      side: 'SELL',
      type: 'LIMIT',
      tif: 'IOC',
      base: '100',
      price: '14.5',
    },
    next(HOUR),
  );
  take(state, ioc, new Big('14.62'), t);

  const rejected = pastOrder(
    state,
    {
      ref: 'seed-order-post-only',
      market: 'BTCUSD',
      side: 'BUY',
      type: 'POST_ONLY_LIMIT',
      tif: 'GTC',
      base: '0.1',
      price: '70000',
    },
    next(HOUR),
  );
  closeOrder(state, rejected, 'REJECTED', t);

  const expiry = next(DAY) + DAY;
  const expired = pastOrder(
    state,
    {
      ref: 'seed-order-eth-gtt',
      market: 'ETHUSD',
      side: 'BUY',
      type: 'LIMIT',
      tif: 'GTT',
      base: '2',
      price: '2500',
      expiration: expiry,
    },
    t,
  );
  placeHold(state, expired);
  closeOrder(state, expired, 'CANCELLED', expiry);

  for (const o of [twoFills, partly, resting, cancelled, taker, ioc, rejected, expired])
    remember(state, o);
}
