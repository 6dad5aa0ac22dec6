import type { MarketDetails } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { rangeWords, sideRefusal, sideStatusWords } from './market-status';

const aave: MarketDetails = {
  market: 'AAVEUSD',
  market_status: {
    buy_status: 'UNAVAILABLE',
    buy_reason: 'SCHEDULED_MAINTENANCE',
    sell_status: 'AVAILABLE',
    sell_reason: 'MARKET_STATUS_REASON_UNSPECIFIED',
  },
};
const markets = [aave, { market: 'BTCUSD' }];

describe('a side of a market in words', () => {
  it.each([
    [aave, 'BUY', 'Unavailable (scheduled maintenance)'],
    [aave, 'SELL', 'Available'],
    [{ market: 'BTCUSD' }, 'BUY', 'Not stated'],
    [
      { market: 'X', market_status: { sell_status: 'HALTED', sell_reason: 'STORM' } },
      'SELL',
      'HALTED (STORM)',
    ],
  ] as const)('%j %s reads %s', (details, side, words) => {
    expect(sideStatusWords(details, side)).toBe(words);
  });
});

describe('what an unavailable side refuses before review', () => {
  // [order, refused]: only IOC and FOK, given or by the type's default, on the unavailable side.
  it.each([
    [{ market: 'AAVEUSD', side: 'BUY', type: 'MARKET' }, true],
    [{ market: 'AAVEUSD', side: 'BUY', type: 'LIMIT', time_in_force: 'IOC' }, true],
    [{ market: 'AAVEUSD', side: 'BUY', type: 'LIMIT', time_in_force: 'FOK' }, true],
    [{ market: 'AAVEUSD', side: 'BUY', type: 'LIMIT' }, false],
    [{ market: 'AAVEUSD', side: 'BUY', type: 'LIMIT', time_in_force: 'GTT' }, false],
    [{ market: 'AAVEUSD', side: 'BUY', type: 'STOP_MARKET' }, false],
    [{ market: 'AAVEUSD', side: 'SELL', type: 'MARKET' }, false],
    [{ market: 'BTCUSD', side: 'BUY', type: 'MARKET' }, false],
    [{ market: 'AAVEUSD', type: 'MARKET' }, false],
  ])('%j refused: %s', (order, refused) => {
    const refusal = sideRefusal(markets, order);
    expect(refusal !== undefined).toBe(refused);
    if (refusal) {
      expect(refusal.path).toBe('time_in_force');
      expect(refusal.message).toMatch(
        /^AAVEUSD is unavailable for buying \(scheduled maintenance\): /,
      );
    }
  });

  it('leaves the order to the service when the markets were not read', () => {
    expect(sideRefusal(undefined, { market: 'AAVEUSD', side: 'BUY', type: 'MARKET' })).toBe(
      undefined,
    );
  });
});

describe('the window a ticker’s figures cover', () => {
  it('is named from begin to end, or said to be missing', () => {
    expect(rangeWords({ begin: '2026-01-01T00:00:00Z', end: '2026-01-01T12:00:00Z' })).toMatch(
      / to /,
    );
    expect(rangeWords(undefined)).toBe('window not given');
  });
});
