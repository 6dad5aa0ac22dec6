import Big from 'big.js';
import {
  DEMO_IDS,
  type Market,
  type OrderSide,
  type OrderType,
  type TimeInForce,
} from '@console/schemas';
import { profileOr404 } from './balances';
import { simulateDeposit } from './deposits';
import { createAddress } from './deposit-addresses';
import { closeOrder, fill, placeHold, take } from './order-engine';
import { orderView } from './order-view';
import { advanceOrchestrations, createOrchestration } from './orchestrations';
import { newId } from './random';
import { rememberRef } from './refs';
import { ruleSource } from './rules';
import type { OrderState, SandboxState } from './store';
import { advanceTransfers, createTransfer, settleTransferNow } from './transfers';
import { iso } from '../clock';

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
function orders(state: SandboxState, start: number): void {
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

/**
 * Money movements of the demo history between the market-making and omnibus profiles: internal
 * and svc transfers (one failed), deposits to addresses and by wire, a rule that converts USDP
 * deposits to USD with the orchestration a deposit made, and an ad-hoc payout to a fiat account.
 */
function movements(state: SandboxState, start: number): void {
  const mm = profileOr404(state, P.marketMaking);
  const omnibus = profileOr404(state, P.omnibus);
  const settle = (at: number) => {
    advanceTransfers(state, at);
    advanceOrchestrations(state, at);
  };
  let t = start;
  const transfer = (
    kind: 'INTERNAL_TRANSFER' | 'SVC_TRANSFER',
    from: string,
    to: string,
    amount: string,
    asset: string,
    ref: string,
    id?: string,
  ) => {
    t += 6 * HOUR;
    const made = createTransfer(
      state,
      kind,
      {
        from_profile_id: from,
        to_profile_id: to,
        amount,
        asset,
        ref_id: ref,
        metadata: { seeded: 'true' },
      },
      t,
      id,
    );
    settle(t + state.timings.transfer_settle_ms);
    return made;
  };
  transfer(
    'INTERNAL_TRANSFER',
    mm.id,
    omnibus.id,
    '10000.00',
    'USD',
    'seed-transfer-usd',
    DEMO_IDS.transfers.usd,
  );
  transfer('SVC_TRANSFER', omnibus.id, mm.id, '0.5', 'BTC', 'seed-transfer-btc');
  t += HOUR;
  const failed = createTransfer(
    state,
    'INTERNAL_TRANSFER',
    {
      from_profile_id: mm.id,
      to_profile_id: omnibus.id,
      amount: '750.00',
      asset: 'USD',
      ref_id: 'seed-transfer-failed',
    },
    t,
  );
  settleTransferNow(state, failed.id as string, 'FAILED', t + HOUR);

  t += DAY;
  const desk = createAddress(
    state,
    mm,
    {
      crypto_network: 'ETHEREUM',
      ref_id: 'seed-address-desk',
      metadata: { desk: 'market-making' },
    },
    t,
  );
  createAddress(
    state,
    omnibus,
    { crypto_network: 'BITCOIN', ref_id: 'seed-address-btc' },
    t + HOUR,
  );
  simulateDeposit(
    state,
    { asset: 'ETH', amount: '12', deposit_address_id: desk.id },
    (t += 2 * HOUR),
  );
  simulateDeposit(
    state,
    { asset: 'USD', amount: '50000.00', profile_id: omnibus.id, memo: 'WIRE REF 20417' },
    (t += 3 * HOUR),
  );

  t += DAY;
  const source = ruleSource(state, omnibus, { crypto: { network: 'ETHEREUM' } }, 'USDP', t);
  const rule = {
    id: DEMO_IDS.rules.sweep,
    ref_id: 'seed-rule-usdp-sweep',
    nickname: 'Sweep USDP deposits to USD',
    profile_id: omnibus.id,
    status: 'ACTIVE',
    source_asset: 'USDP',
    destination_asset: 'USD',
    source,
    destination: { profile: { profile_id: omnibus.id } },
    created_at: iso(t),
  };
  state.rules.set(rule.id, rule);
  rememberRef(state, 'rule', rule.ref_id, { rule });
  const addressId = source.crypto?.address_id as string;
  simulateDeposit(
    state,
    { asset: 'USDP', amount: '12500', deposit_address_id: addressId },
    (t += 4 * HOUR),
  );
  settle(t + state.timings.orchestration_process_ms);

  t += DAY;
  createOrchestration(
    state,
    {
      profile_id: omnibus.id,
      ref_id: 'seed-orchestration-payout',
      source_asset: 'USD',
      destination_asset: 'USD',
      source_amount: '2500.00',
      source: { profile: { profile_id: omnibus.id } },
      destination: {
        fiat: { fiat_account_id: DEMO_IDS.fiatAccounts.hopper, memo: 'Invoice 3318' },
      },
      metadata: { seeded: 'true' },
    },
    t,
    '',
    DEMO_IDS.orchestrations.payout,
  );
  settle(t + state.timings.orchestration_process_ms);
}

/**
 * The demo's history, dated over the ten days before `now`, so that every list has records on
 * first start: orders in every final and working state with their fills, transfers, deposits,
 * deposit addresses, a rule and the orchestration it made. Only the market-making and omnibus
 * profiles take part; treasury, trading, payouts and empty stay as seeded.
 */
export function addDemoHistory(state: SandboxState, now: number): void {
  orders(state, now - 10 * DAY);
  movements(state, now - 4 * DAY);
}
