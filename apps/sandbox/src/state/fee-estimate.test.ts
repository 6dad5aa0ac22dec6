import Big from 'big.js';
import {
  estimateOrderFee,
  feeOutcome,
  type Execution,
  type FeeSchedule,
  type OrderToEstimate,
} from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKET } from '../config';
import { commissionOn } from './order-engine';

/*
 * The console's fee estimate (packages/schemas, fee-estimate.ts) against what this sandbox
 * charges: a taker fills at the market price, a resting maker at its limit, each commission on
 * the gross at the sandbox's rate rounded up to the quote's places (`fill`, `commissionOn`).
 */

const MID = '62000';
const SCHEDULE: FeeSchedule = {
  BTCUSD: { maker: DEFAULT_MARKET.maker_fee_rate, taker: DEFAULT_MARKET.taker_fee_rate },
};
const order = (over: Partial<OrderToEstimate>): OrderToEstimate => ({
  market: 'BTCUSD',
  type: 'LIMIT',
  side: 'BUY',
  base_amount: '0.2',
  ...over,
});
/** What the sandbox charges a fill of `base` at `price` with `liquidity`. */
const charged = (base: string, price: string, liquidity: 'MAKER' | 'TAKER') =>
  commissionOn(
    'BTCUSD',
    new Big(base).times(price),
    liquidity === 'MAKER' ? DEFAULT_MARKET.maker_fee_rate : DEFAULT_MARKET.taker_fee_rate,
  ).toFixed(2);

/** Recent fills of the profile: a buy that paid 0.25 %, a sell that paid 0.1 %. */
const FILLS: Execution[] = [
  { side: 'BUY', commission: '31.00', gross_trade_amount: '12400.00' },
  { side: 'SELL', commission: '13.60', gross_trade_amount: '13600.00' },
];

describe('the fee estimate, as the sandbox charges', () => {
  it.each([
    ['a market sell', { type: 'MARKET', side: 'SELL' }, 'TAKER', charged('0.2', MID, 'TAKER')],
    [
      'a stop market',
      { type: 'STOP_MARKET', stop_price: '61000' },
      'TAKER',
      charged('0.2', '61000', 'TAKER'),
    ],
    ['a resting limit buy', { price: '61000' }, 'MAKER', charged('0.2', '61000', 'MAKER')],
    [
      'a resting limit sell',
      { side: 'SELL', price: '63000' },
      'MAKER',
      charged('0.2', '63000', 'MAKER'),
    ],
    // Marketable: it crosses the midpoint and takes liquidity at the market price.
    ['a marketable limit buy', { price: '62500' }, 'TAKER', charged('0.2', MID, 'TAKER')],
    [
      'a marketable limit sell',
      { side: 'SELL', price: '61900' },
      'TAKER',
      charged('0.2', MID, 'TAKER'),
    ],
    [
      'a post-only limit',
      { type: 'POST_ONLY_LIMIT', price: '61000' },
      'MAKER',
      charged('0.2', '61000', 'MAKER'),
    ],
  ] as const)(
    'with a schedule: %s is a %s paying the sandbox charge',
    (_, over, liquidity, fee) => {
      const estimate = estimateOrderFee(order(over), { midpoint: MID, schedule: SCHEDULE });
      expect(estimate).toMatchObject({ known: true, liquidity, fee, source: 'schedule' });
    },
  );

  it('with a schedule: a market buy of 1,000 USD, commission included, within a cent of the charge', () => {
    const estimate = estimateOrderFee(order({ type: 'MARKET', quote_amount: '1000.00' }), {
      midpoint: MID,
      schedule: SCHEDULE,
    });
    // The sandbox buys (1000.00 - 0.02) / (62000 × 1.0025) BTC, rounded down to 8 places.
    const base = new Big('999.98').div(new Big(MID).times('1.0025')).round(8, Big.roundDown);
    const fee = charged(base.toFixed(), MID, 'TAKER');
    expect(estimate.known && new Big(estimate.fee).minus(fee).abs().lte('0.01')).toBe(true);
  });

  it.each([
    ['a market sell at the highest rate sells paid', { type: 'MARKET', side: 'SELL' }, '12.40'],
    ['a resting limit buy at the highest rate buys paid', { price: '61000' }, '30.50'],
  ] as const)('without a schedule: %s', (_, over, fee) => {
    const estimate = estimateOrderFee(order(over), { midpoint: MID, executions: FILLS });
    expect(estimate).toMatchObject({ known: true, fee, source: 'fills' });
  });

  it.each([
    ['no schedule and no fill', undefined, []],
    ['a schedule for another market only', { ETHUSD: SCHEDULE.BTCUSD! }, []],
    ['fills of the other side only', undefined, [FILLS[1]!]],
  ] as const)('says no estimate is possible with %s', (_, schedule, executions) => {
    const estimate = estimateOrderFee(order({ price: '61000' }), {
      midpoint: MID,
      schedule,
      executions,
    });
    expect(estimate).toEqual({ known: false, why: 'no-rate', liquidity: 'MAKER' });
  });
});

/** A fill as the sandbox reports it: gross = base × price, its commission at `liquidity`. */
const fill = (base: string, price: string, liquidity: 'MAKER' | 'TAKER'): Execution => ({
  side: 'BUY',
  amount: base,
  price,
  gross_trade_amount: new Big(base).times(price).toFixed(),
  commission: charged(base, price, liquidity),
  commission_asset: 'USD',
});

describe('a filled order’s charge beside the schedule, as the sandbox charges', () => {
  // Fills whose grosses have sub-cent digits, so that each fill's commission rounds up.
  const takerFills = [fill('0.20000001', '64659.58', 'TAKER'), fill('0.0333', '64659.59', 'TAKER')];

  it('finds a market order charged exactly the taker rate, fill by fill', () => {
    const outcome = feeOutcome({ market: 'BTCUSD', type: 'MARKET' }, takerFills, SCHEDULE)!;
    const gross = new Big(takerFills[0]!.gross_trade_amount!).plus(
      takerFills[1]!.gross_trade_amount!,
    );
    expect(outcome).toMatchObject({ asset: 'USD', gross: gross.toFixed() });
    expect(outcome.scheduled).toEqual([
      {
        liquidity: 'TAKER',
        rate: DEFAULT_MARKET.taker_fee_rate,
        fee: new Big(takerFills[0]!.commission!).plus(takerFills[1]!.commission!).toFixed(2),
        difference: '0',
      },
    ]);
  });

  it('gives a limit order both rates, the maker one matching a resting fill', () => {
    const outcome = feeOutcome(
      { market: 'BTCUSD', type: 'LIMIT' },
      [fill('0.2', '61000', 'MAKER')],
      SCHEDULE,
    )!;
    expect(outcome.scheduled.map((s) => [s.liquidity, s.difference === '0'])).toEqual([
      ['MAKER', true],
      ['TAKER', false],
    ]);
  });

  it('says by how much a charge above the schedule differs', () => {
    const over = { ...fill('0.2', '61000', 'MAKER'), commission: charged('0.2', '61000', 'TAKER') };
    const outcome = feeOutcome({ market: 'BTCUSD', type: 'POST_ONLY_LIMIT' }, [over], SCHEDULE)!;
    const expected = new Big(charged('0.2', '61000', 'TAKER')).minus(
      charged('0.2', '61000', 'MAKER'),
    );
    expect(outcome.scheduled).toMatchObject([
      { liquidity: 'MAKER', difference: expected.toFixed() },
    ]);
    expect(outcome.effective_rate).toBe(DEFAULT_MARKET.taker_fee_rate);
  });

  it.each([
    ['before a fill', [], SCHEDULE],
    [
      'when the fee was charged in another asset',
      [{ ...fill('0.2', '61000', 'MAKER'), commission_asset: 'BTC' }],
      SCHEDULE,
    ],
  ] as const)('has nothing to compare %s', (_, executions, schedule) => {
    expect(feeOutcome({ market: 'BTCUSD', type: 'LIMIT' }, executions, schedule)).toBeUndefined();
  });

  it('without a schedule, gives the charge and its rate, and no scheduled fee', () => {
    const outcome = feeOutcome({ market: 'BTCUSD', type: 'MARKET' }, takerFills, null)!;
    expect(outcome.scheduled).toEqual([]);
    expect(new Big(outcome.charged).gt(0)).toBe(true);
  });
});
