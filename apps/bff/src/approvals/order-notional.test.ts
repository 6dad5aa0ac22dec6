import { describe, expect, it } from 'vitest';
import { requirementFor } from '../../test/policy-requirement';
import { buildPolicy } from './policy';

/** Orders held by their notional in the quote currency (15). */
describe('a policy that holds orders by amount', () => {
  const policy = buildPolicy({
    operations: {
      createOrder: {
        required: true,
        required_above: { USD: '1000', EUR: '900' },
        two_above: { USD: '100000', '*': '1000000' },
      },
    },
  });
  const order = (fields: Record<string, unknown>) =>
    requirementFor(policy, 'createOrder', {
      side: 'BUY',
      type: 'MARKET',
      market: 'BTCUSD',
      ...fields,
    });

  it.each([
    ['a market buy at the threshold', { quote_amount: '1000.00' }, 0],
    ['a market buy above it', { quote_amount: '1000.01' }, 1],
    [
      'a limit order, base × price at it',
      { type: 'LIMIT', base_amount: '0.02', price: '50000' },
      0,
    ],
    [
      'a limit order, base × price above it',
      { type: 'LIMIT', base_amount: '0.020001', price: '50000' },
      1,
    ],
    [
      'a limit order above the two-approver amount',
      { type: 'LIMIT', base_amount: '3', price: '50000' },
      2,
    ],
    [
      'a stop limit order, base × limit price',
      { type: 'STOP_LIMIT', base_amount: '1', price: '2000', stop_price: '10' },
      1,
    ],
    ['a euro market at its own threshold', { market: 'BTCEUR', quote_amount: '900' }, 0],
    ['a euro market above it', { market: 'BTCEUR', quote_amount: '900.5' }, 1],
    // Not known before it fills: taken as large (fail closed), so two.
    ['a market sell, whose notional is not known', { side: 'SELL', base_amount: '0.0001' }, 2],
    ['a currency the policy does not list', { market: 'BTCSGD', quote_amount: '1' }, 1],
  ])('%s', (_, fields, approvers) => {
    const requirement = order(fields);
    expect(requirement?.approversNeeded ?? 0).toBe(approvers);
  });

  it('compares as decimals, never as floats', () => {
    // 0.1 × 10000.000000000000001 is above 1000 only with exact arithmetic.
    expect(
      order({ type: 'LIMIT', base_amount: '0.1', price: '10000.000000000000001' }),
    ).toBeDefined();
  });
});
