import { describe, expect, it } from 'vitest';
import type { AssetTotal } from './balance-rows';
import { valueInUsd } from './valuation';

const total = (asset: string, amount: string): AssetTotal => ({
  id: asset,
  asset,
  available: amount,
  trading: '0',
  total: amount,
  holders: 1,
});

describe('totals in USD at the shared prices (issue 60, item 8)', () => {
  it.each([
    {
      what: 'fiat and crypto added up exactly',
      totals: [total('USD', '1100000.30'), total('BTC', '20.00000001')],
      prices: { BTC: '50000.12' },
      byAsset: { USD: '1100000.30', BTC: '1000002.40' },
      sum: '2100002.70',
      unpriced: [],
    },
    {
      what: 'an asset without a USD market named, not guessed',
      totals: [total('USD', '10'), total('SGD', '5')],
      prices: {},
      byAsset: { USD: '10.00' },
      sum: '10.00',
      unpriced: ['SGD'],
    },
    {
      what: 'a zero balance of an unpriced asset is no gap',
      totals: [total('EUR', '0')],
      prices: {},
      byAsset: {},
      sum: '0.00',
      unpriced: [],
    },
    {
      what: 'eighteen decimals, rounded half up to the cent',
      totals: [total('ETH', '0.000000000000000001'), total('PAXG', '1.5')],
      prices: { ETH: '3000', PAXG: '2000.005' },
      byAsset: { ETH: '0.00', PAXG: '3000.01' },
      sum: '3000.01',
      unpriced: [],
    },
  ])('$what', ({ totals, prices, byAsset, sum, unpriced }) => {
    const valued = valueInUsd(totals, new Map([['USD', '1'], ...Object.entries(prices)]));
    expect(Object.fromEntries(valued.byAsset)).toEqual(byAsset);
    expect(valued.total).toBe(sum);
    expect(valued.unpriced).toEqual(unpriced);
  });
});
