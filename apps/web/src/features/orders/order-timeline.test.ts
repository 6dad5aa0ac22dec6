import type { Order } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { orderTimeline } from './order-timeline';

const order = (over: Partial<Order>): Order => ({
  id: 'o-1',
  status: 'OPEN',
  side: 'BUY',
  market: 'BTCUSD',
  type: 'LIMIT',
  base_amount: '2',
  created_at: '2026-01-01T10:00:00Z',
  modified_at: '2026-01-01T10:05:00Z',
  ...over,
});

describe('orderTimeline', () => {
  it('an open order with no fill: placed, then open', () => {
    expect(orderTimeline(order({}), []).map((s) => s.status)).toEqual(['SUBMITTED', 'OPEN']);
  });

  it('fills in time order, the amount so far exact, FILLED on the last', () => {
    const steps = orderTimeline(order({ status: 'FILLED' }), [
      { executed_at: '2026-01-01T10:04:00Z', amount: '0.7', price: '100' },
      { executed_at: '2026-01-01T10:02:00Z', amount: '1.3', price: '99' },
    ]);
    expect(steps.map((s) => [s.status, s.what])).toEqual([
      ['SUBMITTED', 'Placed'],
      ['OPEN', 'Open on the market, waiting for the price'],
      ['OPEN', 'Filled 1.3 at 99 (1.3 in all)'],
      ['FILLED', 'Filled 0.7 at 100 (2 in all)'],
    ]);
  });

  it('an order filled at once went through OPEN too, at a time the service does not keep', () => {
    const steps = orderTimeline(order({ type: 'MARKET', status: 'FILLED' }), [
      { executed_at: '2026-01-01T10:00:02Z', amount: '2', price: '100' },
    ]);
    expect(steps.map((s) => [s.status, s.at])).toEqual([
      ['SUBMITTED', '2026-01-01T10:00:00Z'],
      ['OPEN', ''],
      ['FILLED', '2026-01-01T10:00:02Z'],
    ]);
  });

  it('a partly filled order then cancelled ends CANCELLED at its last change', () => {
    const steps = orderTimeline(order({ status: 'CANCELLED' }), [
      { executed_at: '2026-01-01T10:02:00Z', amount: '0.5', price: '99' },
    ]);
    expect(steps.at(-1)).toEqual({
      at: '2026-01-01T10:05:00Z',
      status: 'CANCELLED',
      what: 'Cancelled; whatever was not filled was released',
    });
  });

  it.each([
    [
      { type: 'MARKET', time_in_force: 'IOC' },
      'Open: taking what the market offers at once, never waiting',
    ],
    [
      { type: 'LIMIT', time_in_force: 'FOK' },
      'Open: taking what the market offers at once, never waiting',
    ],
    [
      { type: 'STOP_LIMIT', time_in_force: 'GTC', is_triggered: false },
      'Open: waiting for the stop price',
    ],
    [{ type: 'LIMIT', time_in_force: 'GTC' }, 'Open on the market, waiting for the price'],
  ] as const)('an order %j was open: "%s"', (over, words) => {
    const steps = orderTimeline(order({ ...over, status: 'FILLED' }), [
      { executed_at: '2026-01-01T10:00:02Z', amount: '2', price: '100' },
    ]);
    expect(steps[1]).toMatchObject({ status: 'OPEN', what: words });
  });
});
