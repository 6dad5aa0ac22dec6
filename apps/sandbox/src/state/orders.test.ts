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
async function state() {
  return (await sbx.control('GET', '/state')).body as {
    orders: { id: string; status: string; amount_filled: string; is_triggered?: boolean }[];
    profiles: {
      id: string;
      balances: Record<string, { total: string; available: string; reserved: string }>;
    }[];
  };
}
const findOrder = async (id: unknown) => (await state()).orders.find((o) => o.id === id);
const balance = async (profile: string, asset: string) =>
  (await state()).profiles.find((p) => p.id === profile)?.balances[asset];

describe('orders', () => {
  it('fills a market buy at once, with amount_filled and the average price', async () => {
    const res = await order({ side: 'BUY', type: 'MARKET', quote_amount: '600.00' });
    expect(res.body).toMatchObject({
      status: 'FILLED',
      amount_filled: '0.01',
      volume_weighted_average_price: '60000',
      time_in_force: 'IOC',
    });
    expect(await balance(P.trading, 'BTC')).toMatchObject({ total: '25.01' });
    expect(await balance(P.trading, 'USD')).toMatchObject({ total: '999400.00' });
  });

  it('rests a limit order SUBMITTED, then OPEN, holding funds, and fills it when the price crosses', async () => {
    const res = await order({ side: 'BUY', type: 'LIMIT', base_amount: '0.1', price: '59000' });
    expect(res.body).toMatchObject({
      status: 'SUBMITTED',
      amount_filled: '0',
      time_in_force: 'GTC',
    });
    expect(await balance(P.trading, 'USD')).toMatchObject({
      reserved: '5900.00',
      available: '994100.00',
    });
    await advance(1_500);
    expect((await findOrder(res.body.id))?.status).toBe('OPEN');
    await pin('58500');
    await advance(1_000);
    expect(await findOrder(res.body.id)).toMatchObject({ status: 'FILLED', amount_filled: '0.1' });
    expect(await balance(P.trading, 'USD')).toMatchObject({ total: '994150.00', reserved: '0.00' });
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
    expect(await balance(P.trading, 'BTC')).toMatchObject({ reserved: '1' });
    await advance(30_000);
    expect((await findOrder(res.body.id))?.status).toBe('OPEN');
    await advance(31_000);
    expect((await findOrder(res.body.id))?.status).toBe('CANCELLED');
    expect(await balance(P.trading, 'BTC')).toMatchObject({ reserved: '0' });
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
      { side: 'SELL', type: 'LIMIT', base_amount: '24', price: '59000', time_in_force: 'IOC' },
      'CANCELLED',
      '20',
    ],
    [
      'FOK beyond the market depth is cancelled whole',
      { side: 'SELL', type: 'LIMIT', base_amount: '24', price: '59000', time_in_force: 'FOK' },
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
      { side: 'SELL', type: 'MARKET', base_amount: '22' },
      'CANCELLED',
      '20',
    ],
  ])('%s', async (_name, input, status, filled) => {
    const res = await order(input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status, amount_filled: filled });
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
    await advance(1_000);
    expect(await findOrder(res.body.id)).toMatchObject({
      status: 'FILLED',
      is_triggered: true,
      amount_filled: '0.5',
    });
  });

  it('triggers a stop limit buy and fills it within its limit', async () => {
    const res = await order({
      side: 'BUY',
      type: 'STOP_LIMIT',
      base_amount: '0.5',
      stop_price: '62000',
      price: '63000',
    });
    await advance(2_000);
    await pin('62500');
    await advance(1_000);
    expect(await findOrder(res.body.id)).toMatchObject({ status: 'FILLED', is_triggered: true });
  });

  it('credits the recipient profile with the settled currency', async () => {
    await order({
      side: 'BUY',
      type: 'MARKET',
      quote_amount: '600.00',
      recipient_profile_id: P.payouts,
    });
    expect(await balance(P.payouts, 'BTC')).toMatchObject({ total: '2.51' });
    await order({
      side: 'SELL',
      type: 'MARKET',
      base_amount: '1',
      recipient_profile_id: P.payouts,
    });
    expect(await balance(P.payouts, 'USD')).toMatchObject({ total: '160000.00' });
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
