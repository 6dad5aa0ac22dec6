import Big from 'big.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, MIN_BASE_AMOUNT, MIN_QUOTE_AMOUNT, MARKETS, operations } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

/* Public market data (appendix B, 40–42): no token, and the same prices orders meet. */
const DAY_MS = 86_400_000;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

const publicRead = (path: string) => sbx.send('GET', path, { token: null });
const price = async (market: string) => {
  const res = await publicRead(`/v2/all-markets/prices?markets=${market}`);
  return (res.body.items as { current_price: string; yesterday_price: string }[])[0]!;
};
/** Within the model's waves (±2.5 %) of a reference price. */
const near = (value: string, reference: string) =>
  expect(new Big(value).div(reference).minus(1).abs().lte('0.025'), value).toBe(true);

describe('market data', () => {
  it('is answered without a token, in the shapes of the registry', async () => {
    const markets = await publicRead('/v2/markets');
    expect(markets.status).toBe(200);
    expect(operations.listMarkets.response.safeParse(markets.body).success).toBe(true);
    expect((markets.body.markets as { market: string }[]).map((m) => m.market)).toEqual([
      ...MARKETS,
    ]);
    const prices = await publicRead('/v2/all-markets/prices?markets=ETHUSD&markets=USDPUSD');
    expect(operations.listPrices.response.parse(prices.body).items).toEqual([
      expect.objectContaining({ market: 'ETHUSD' }),
      expect.objectContaining({ market: 'USDPUSD', current_price: '1', yesterday_price: '1' }),
    ]);
    const ticker = await publicRead('/v2/markets/LINKUSD/ticker');
    expect(ticker.status).toBe(200);
    expect(operations.getTicker.response.safeParse(ticker.body).success).toBe(true);
    expect((await publicRead('/v2/markets/DOGEUSD/ticker')).status).toBe(404);
  });

  it('prices a market at its pinned price from the moment it is pinned, and by the model before', async () => {
    near((await price('BTCUSD')).current_price, '64000');
    await sbx.control('PUT', '/prices/BTCUSD', { price: '50000' });
    const pinned = await price('BTCUSD');
    expect(pinned.current_price).toBe('50000');
    near(pinned.yesterday_price, '64000');
    sbx.clock.advance(DAY_MS);
    expect(await price('BTCUSD')).toMatchObject({
      current_price: '50000',
      yesterday_price: '50000',
    });
    await sbx.control('PUT', '/prices/BTCUSD', { price: null });
    near((await price('BTCUSD')).current_price, '64000');
  });

  it('gives a ticker around the pinned price, with the last execution and today’s volume', async () => {
    await sbx.control('PUT', '/prices/BTCUSD', { price: '50000' });
    const order = await sbx.call('createOrder', {
      profile_id: DEMO_IDS.profiles.trading,
      side: 'SELL',
      market: 'BTCUSD',
      type: 'MARKET',
      base_amount: '0.25',
    });
    expect(order.body.status).toBe('FILLED');
    const ticker = (await publicRead('/v2/markets/BTCUSD/ticker')).body;
    expect(ticker).toMatchObject({
      market: 'BTCUSD',
      best_bid: { price: '49999.99', amount: '5' },
      best_ask: { price: '50000.01', amount: '5' },
      last_execution: { price: '50000', amount: '0.25' },
    });
    const today = ticker.today as Record<string, string>;
    expect(today).toMatchObject({ volume: '0.25', volume_weighted_average_price: '50000' });
    expect(new Big(today.high!).gte('50000') && new Big(today.low!).lte('50000')).toBe(true);
    // The window the figures cover: today from midnight UTC to now, the day before whole.
    const now = sbx.clock.now();
    const midnight = now - (now % DAY_MS);
    expect(ticker.today).toMatchObject({
      range: { begin: new Date(midnight).toISOString(), end: new Date(now).toISOString() },
    });
    expect(ticker.last_day).toMatchObject({
      range: {
        begin: new Date(midnight - DAY_MS).toISOString(),
        end: new Date(midnight - 1).toISOString(),
      },
    });
    // No executions the day before (the seed's history is older): no average price to give.
    expect(ticker.last_day).toMatchObject({ volume: '0' });
    expect(ticker.last_day).not.toHaveProperty('volume_weighted_average_price');
  });

  it('bounds orders as the order rules do: the schemas’ minimums, the largest limit order at the price', async () => {
    await sbx.control('PUT', '/prices/BTCUSD', { price: '50000' });
    const markets = (await publicRead('/v2/markets')).body.markets as Record<string, unknown>[];
    expect(markets.find((m) => m.market === 'BTCUSD')).toEqual({
      market: 'BTCUSD',
      base_asset: 'BTC',
      quote_asset: 'USD',
      tick_rate: '0.01',
      market_status: {
        buy_status: 'AVAILABLE',
        sell_status: 'AVAILABLE',
        buy_reason: 'MARKET_STATUS_REASON_UNSPECIFIED',
        sell_reason: 'MARKET_STATUS_REASON_UNSPECIFIED',
        updated_at: expect.any(String),
        scheduled_maintenance: [],
      },
      min_base_amount: MIN_BASE_AMOUNT,
      min_quote_amount: MIN_QUOTE_AMOUNT,
      max_base_amount: '30',
      max_quote_amount: '1500000.00',
    });
    expect(markets.find((m) => m.market === 'MATICUSD')).toMatchObject({
      tick_rate: '0.0001',
      max_quote_amount: '1000000.00',
    });
  });

  it('lists AAVEUSD unavailable for buying, under scheduled maintenance that began before start', async () => {
    const markets = (await publicRead('/v2/markets')).body.markets as Record<string, unknown>[];
    const now = sbx.clock.now();
    const status = markets.find((m) => m.market === 'AAVEUSD')!.market_status as {
      scheduled_maintenance: { starts_at: string; ends_at: string }[];
    };
    expect(status).toMatchObject({
      buy_status: 'UNAVAILABLE',
      buy_reason: 'SCHEDULED_MAINTENANCE',
      sell_status: 'AVAILABLE',
    });
    const [window] = status.scheduled_maintenance;
    expect(Date.parse(window!.starts_at)).toBeLessThan(now);
    expect(Date.parse(window!.ends_at)).toBeGreaterThan(now);
    const others = markets.filter((m) => m.market !== 'AAVEUSD');
    expect(others.map((m) => m.market_status)).toEqual(
      others.map(() =>
        expect.objectContaining({ buy_status: 'AVAILABLE', sell_status: 'AVAILABLE' }),
      ),
    );
  });

  // An UNAVAILABLE side refuses what would execute at once; a resting order it takes.
  it.each([
    ['a market buy (IOC by default)', { side: 'BUY', type: 'MARKET', quote_amount: '50.00' }, 403],
    ['an IOC limit buy', { side: 'BUY', type: 'LIMIT', time_in_force: 'IOC' }, 403],
    ['a FOK limit buy', { side: 'BUY', type: 'LIMIT', time_in_force: 'FOK' }, 403],
    ['a GTC limit buy', { side: 'BUY', type: 'LIMIT', time_in_force: 'GTC' }, 200],
    ['an IOC limit sell', { side: 'SELL', type: 'LIMIT', time_in_force: 'IOC' }, 200],
  ] as const)('on AAVEUSD, %s answers %i', async (_, order, status) => {
    const mid = await price('AAVEUSD');
    const limit = order.type === 'LIMIT' ? { base_amount: '1', price: mid.current_price } : {};
    const res = await sbx.call('createOrder', {
      profile_id: DEMO_IDS.profiles.trading,
      market: 'AAVEUSD',
      ...order,
      ...limit,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 200) return;
    expect(res.body).toMatchObject({
      type: expect.stringMatching(/\/unavailable-market$/),
      status: 403,
      meta: { market: 'AAVEUSD', side: 'BUY', reason: 'SCHEDULED_MAINTENANCE' },
    });
    expect(res.body.detail).toMatch(/^time_in_force: /);
  });
});
