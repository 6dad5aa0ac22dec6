import type { Ticker } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { marketMidpoint, orderNotional, priceDistance } from './order-estimate';

const ticker = (bid: string, ask: string): Ticker => ({
  market: 'BTCUSD',
  best_bid: { price: bid },
  best_ask: { price: ask },
});

describe('a limit price far from the market', () => {
  it('warns at exactly 15 % from the midpoint, either side, and not a cent closer', () => {
    const mid = marketMidpoint(ticker('59999.99', '60000.01'), undefined);
    expect(mid).toBe('60000');
    expect(priceDistance('69000', mid)).toEqual({ percent: '15.0', far: true });
    expect(priceDistance('51000', mid)).toEqual({ percent: '15.0', far: true });
    expect(priceDistance('68999.99', mid)).toEqual({ percent: '15.0', far: false });
    expect(priceDistance('51000.01', mid)).toEqual({ percent: '15.0', far: false });
    expect(priceDistance('60000', mid)).toEqual({ percent: '0.0', far: false });
  });

  it('is exact where floating point is not (0.1 + 0.2 territory)', () => {
    // 0.3 × 1.15 is 0.345 exactly; as numbers 0.3 * 1.15 = 0.34499999999999997.
    expect(priceDistance('0.345', '0.3')?.far).toBe(true);
  });

  it('falls back to the current price without a book, and says nothing without either', () => {
    expect(marketMidpoint(undefined, '100.5')).toBe('100.5');
    expect(priceDistance('120', undefined)).toBeUndefined();
  });
});

describe('an order’s notional and fee', () => {
  it('is size × price for a limit, the quote amount of a market buy, size × midpoint of a market sell', () => {
    expect(
      orderNotional({ type: 'LIMIT', side: 'BUY', base_amount: '0.5', price: '60000.10' }, '1'),
    ).toBe('30000.05');
    expect(orderNotional({ type: 'MARKET', side: 'BUY', quote_amount: '100.00' }, '1')).toBe(
      '100.00',
    );
    expect(orderNotional({ type: 'MARKET', side: 'SELL', base_amount: '2' }, '3000.5')).toBe(
      '6001',
    );
    expect(orderNotional({ type: 'LIMIT', side: 'BUY', base_amount: '0.5' }, '1')).toBeUndefined();
  });
});
