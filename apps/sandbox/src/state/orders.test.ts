import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(async () => {
  sbx.sandbox.reset();
  await pin('60000');
});

const pin = (price: string | null, market = 'BTCUSD') =>
  sbx.control('PUT', `/prices/${market}`, { price });
const advance = (ms: number) => sbx.control('POST', '/clock', { advance_ms: ms });
const order = (input: Record<string, unknown>) =>
  sbx.call('createOrder', { profile_id: P.trading, market: 'BTCUSD', ...input });
type Balance = { total: string; available: string; trading: string };
async function state() {
  return (await sbx.control('GET', '/state')).body as {
    orders: { id: string; status: string; amount_filled: string; is_triggered?: boolean }[];
    executions: Record<string, string>[];
    profiles: { id: string; balances: Record<string, Balance> }[];
  };
}
const findOrder = async (id: unknown) => (await state()).orders.find((o) => o.id === id);
const balance = async (profile: string, asset: string) =>
  (await state()).profiles.find((p) => p.id === profile)?.balances[asset];
const executionsOf = async (id: unknown) =>
  (await state()).executions.filter((e) => e.order_id === id);

describe('orders', () => {
  it('fills a market buy at once, spending at most the quote amount with the commission', async () => {
    const res = await order({ side: 'BUY', type: 'MARKET', quote_amount: '600.00' });
    // 599.98 / (60000 × 1.0025) to 8 places; gross 598.4832 costs 598.49 + 1.50 commission.
    expect(res.body).toMatchObject({
      status: 'FILLED',
      amount_filled: '0.00997472',
      volume_weighted_average_price: '60000',
      time_in_force: 'IOC',
    });
    expect(await executionsOf(res.body.id)).toEqual([
      expect.objectContaining({
        amount: '0.00997472',
        price: '60000',
        gross_trade_amount: '598.4832',
        commission: '1.50',
        commission_asset: 'USD',
        rebate: '0.00',
        rebate_asset: 'USD',
        side: 'BUY',
        market: 'BTCUSD',
      }),
    ]);
    expect(await balance(P.trading, 'BTC')).toMatchObject({ total: '25.00997472' });
    expect(await balance(P.trading, 'USD')).toMatchObject({ total: '999400.01' });
  });

  it('rests a limit order SUBMITTED, then OPEN, holding funds and the commission, and fills it when the price crosses', async () => {
    const res = await order({ side: 'BUY', type: 'LIMIT', base_amount: '0.1', price: '59000' });
    expect(res.body).toMatchObject({
      status: 'SUBMITTED',
      amount_filled: '0',
      time_in_force: 'GTC',
    });
    // 5900.00 at the limit, plus the taker commission 14.75, the most a fill can cost.
    expect(await balance(P.trading, 'USD')).toMatchObject({
      trading: '5914.75',
      available: '994085.25',
    });
    await advance(1_500);
    expect((await findOrder(res.body.id))?.status).toBe('OPEN');
    await pin('58500');
    // A resting order is a maker: it fills at its own limit, 5900.00 + 0.1 % commission 5.90.
    expect(await findOrder(res.body.id)).toMatchObject({ status: 'FILLED', amount_filled: '0.1' });
    expect(await balance(P.trading, 'USD')).toMatchObject({
      total: '994094.10',
      trading: '0.00',
      available: '994094.10',
    });
    expect(await balance(P.trading, 'BTC')).toMatchObject({ total: '25.1' });
  });

  it('expires a GTT order and releases its funds', async () => {
    const expiry = String(sbx.clock.now() + 60_000);
    const res = await order({
      side: 'SELL',
      type: 'LIMIT',
      base_amount: '1',
      price: '70000',
      time_in_force: 'GTT',
      expiration_date: expiry,
    });
    expect(res.body.status).toBe('SUBMITTED');
    expect(await balance(P.trading, 'BTC')).toMatchObject({ trading: '1', available: '24' });
    await advance(30_000);
    expect((await findOrder(res.body.id))?.status).toBe('OPEN');
    await advance(31_000);
    expect((await findOrder(res.body.id))?.status).toBe('CANCELLED');
    expect(await balance(P.trading, 'BTC')).toMatchObject({ trading: '0', available: '25' });
  });

  it.each([
    [
      'IOC limit that does not cross is cancelled',
      { side: 'BUY', type: 'LIMIT', base_amount: '1', price: '50000', time_in_force: 'IOC' },
      'CANCELLED',
      '0',
    ],
    [
      'IOC limit that crosses fills',
      { side: 'BUY', type: 'LIMIT', base_amount: '1', price: '61000', time_in_force: 'IOC' },
      'FILLED',
      '1',
    ],
    [
      'IOC beyond the market depth fills partly',
      { side: 'SELL', type: 'LIMIT', base_amount: '7', price: '59000', time_in_force: 'IOC' },
      'CANCELLED',
      '5',
    ],
    [
      'FOK beyond the market depth is cancelled whole',
      { side: 'SELL', type: 'LIMIT', base_amount: '7', price: '59000', time_in_force: 'FOK' },
      'CANCELLED',
      '0',
    ],
    [
      'FOK within the depth fills',
      { side: 'SELL', type: 'LIMIT', base_amount: '2', price: '59000', time_in_force: 'FOK' },
      'FILLED',
      '2',
    ],
    [
      'post-only that would take is rejected',
      { side: 'BUY', type: 'POST_ONLY_LIMIT', base_amount: '1', price: '61000' },
      'REJECTED',
      '0',
    ],
    [
      'post-only that rests is submitted',
      { side: 'BUY', type: 'POST_ONLY_LIMIT', base_amount: '1', price: '50000' },
      'SUBMITTED',
      '0',
    ],
    [
      'market sell beyond the depth fills partly',
      { side: 'SELL', type: 'MARKET', base_amount: '6' },
      'CANCELLED',
      '5',
    ],
    [
      'taker limit 15 % or more from the midpoint is rejected',
      { side: 'BUY', type: 'LIMIT', base_amount: '1', price: '69000', time_in_force: 'IOC' },
      'REJECTED',
      '0',
    ],
    [
      'taker limit just inside the band fills at the market',
      { side: 'BUY', type: 'LIMIT', base_amount: '1', price: '68999.99', time_in_force: 'IOC' },
      'FILLED',
      '1',
    ],
    [
      'a far limit that rests is not a taker, so the band does not apply',
      { side: 'SELL', type: 'LIMIT', base_amount: '1', price: '90000' },
      'SUBMITTED',
      '0',
    ],
  ])('%s', async (_name, input, status, filled) => {
    const res = await order(input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status, amount_filled: filled });
  });

  it.each([
    [
      'a limit over 1,500,000 USD on BTCUSD',
      { side: 'BUY', type: 'LIMIT', base_amount: '25.01', price: '60000' },
      'LIMIT',
      '1500600.00',
      '1500000',
    ],
    [
      'a market buy over 500,000 USD',
      { side: 'BUY', type: 'MARKET', quote_amount: '500000.01' },
      'MARKET',
      '500000.01',
      '500000',
    ],
    [
      'a market sell valued at the market price',
      { side: 'SELL', type: 'MARKET', base_amount: '8.34' },
      'MARKET',
      '500400.00',
      '500000',
    ],
  ])(
    'refuses %s with 403 notional-value-too-large and its meta',
    async (_n, input, type, value, max) => {
      const res = await order(input);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        type: 'https://svc.example/problems/notional-value-too-large',
        title: 'Notional Value Too Large',
        meta: {
          market: 'BTCUSD',
          order_type: type,
          order_notional_value: value,
          max_notional_value: max,
        },
      });
    },
  );

  it('allows a limit on another market up to 1,000,000 USD only', async () => {
    await pin('80', 'LTCUSD');
    const over = await order({
      market: 'LTCUSD',
      side: 'SELL',
      type: 'LIMIT',
      base_amount: '12500.01',
      price: '80',
    });
    expect(over.status).toBe(403);
    expect(over.body.meta).toMatchObject({ max_notional_value: '1000000' });
  });

  it('refuses a stop buy: stop orders are stop-loss sells', async () => {
    const res = await order({
      side: 'BUY',
      type: 'STOP_MARKET',
      base_amount: '0.5',
      stop_price: '65000',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      type: 'about:blank',
      detail: expect.stringMatching(/^side: /),
    });
  });

  it('triggers a stop market sell when the price falls to the stop', async () => {
    const res = await order({
      side: 'SELL',
      type: 'STOP_MARKET',
      base_amount: '0.5',
      stop_price: '55000',
    });
    expect(res.body).toMatchObject({ status: 'SUBMITTED', is_triggered: false });
    await advance(2_000);
    expect((await findOrder(res.body.id))?.status).toBe('OPEN');
    await pin('54000');
    expect(await findOrder(res.body.id)).toMatchObject({
      status: 'FILLED',
      is_triggered: true,
      amount_filled: '0.5',
    });
    // 27000.00 less the taker commission 67.50.
    expect(await balance(P.trading, 'USD')).toMatchObject({ total: '1026932.50' });
  });

  it('triggers a stop limit sell and fills it within its limit', async () => {
    const res = await order({
      side: 'SELL',
      type: 'STOP_LIMIT',
      base_amount: '0.5',
      stop_price: '55000',
      price: '54500',
    });
    await advance(2_000);
    await pin('54800');
    expect(await findOrder(res.body.id)).toMatchObject({ status: 'FILLED', is_triggered: true });
    expect(await executionsOf(res.body.id)).toEqual([
      expect.objectContaining({ price: '54800', amount: '0.5' }),
    ]);
  });

  it('credits the recipient profile with the settled currency', async () => {
    await order({
      side: 'BUY',
      type: 'MARKET',
      quote_amount: '600.00',
      recipient_profile_id: P.payouts,
    });
    expect(await balance(P.payouts, 'BTC')).toMatchObject({ total: '2.50997472' });
    await order({
      side: 'SELL',
      type: 'MARKET',
      base_amount: '1',
      recipient_profile_id: P.payouts,
    });
    // 60000.00 less the taker commission 150.00.
    expect(await balance(P.payouts, 'USD')).toMatchObject({ total: '159850.00' });
  });

  it("cancels the same customer's resting order that an incoming order crosses", async () => {
    const resting = await sbx.call('createOrder', {
      profile_id: P.treasury,
      market: 'BTCUSD',
      side: 'SELL',
      type: 'LIMIT',
      base_amount: '1',
      price: '61000',
    });
    await order({ side: 'BUY', type: 'LIMIT', base_amount: '1', price: '62000' });
    expect((await findOrder(resting.body.id))?.status).toBe('CANCELLED');
  });

  it('keeps the resting order when the incoming order carries self_match_prevention_id', async () => {
    const resting = await sbx.call('createOrder', {
      profile_id: P.treasury,
      market: 'BTCUSD',
      side: 'SELL',
      type: 'LIMIT',
      base_amount: '1',
      price: '61000',
    });
    await order({
      side: 'BUY',
      type: 'LIMIT',
      base_amount: '1',
      price: '62000',
      self_match_prevention_id: 'desk-1',
    });
    expect((await findOrder(resting.body.id))?.status).toBe('SUBMITTED');
  });

  it('holds the answer for await_fill_millis until the wait ends', async () => {
    const started = Date.now();
    const res = await order({
      side: 'BUY',
      type: 'LIMIT',
      base_amount: '0.1',
      price: '50000',
      await_fill_millis: 200,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(res.body.status).toBe('SUBMITTED');
    const filled = await order({
      side: 'BUY',
      type: 'MARKET',
      quote_amount: '10.00',
      await_fill_millis: 5_000,
    });
    expect(filled.body.status).toBe('FILLED');
  });

  it('allows an order ref_id again once that order has been closed for more than 24 hours', async () => {
    const input = { side: 'BUY', type: 'MARKET', quote_amount: '10.00', ref_id: 'daily-buy' };
    expect((await order(input)).status).toBe(200);
    expect((await order(input)).status).toBe(409);
    await advance(24 * 60 * 60 * 1000 + 1_000);
    expect((await order(input)).status).toBe(200);
  });

  it('moves the simulated price over time when not pinned', async () => {
    await pin(null);
    const before = (await sbx.control('GET', '/state')).body.prices as Record<string, string>;
    await advance(120_000);
    const after = (await sbx.control('GET', '/state')).body.prices as Record<string, string>;
    expect(after.BTCUSD).not.toBe(before.BTCUSD);
    expect(after.USDPUSD).toBe('1');
  });
});
