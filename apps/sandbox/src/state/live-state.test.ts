import Big from 'big.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, exampleInput } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const T = DEMO_IDS.profiles.trading;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(async () => {
  sbx.sandbox.reset();
  await pin('60000');
});

const pin = (price: string) => sbx.control('PUT', '/prices/BTCUSD', { price });
const get = async (path: string) => {
  const res = await sbx.send('GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown> & { items: Record<string, string>[] };
};
const order = async (id: unknown) => get(`/v2/profiles/${T}/orders/${id}`);
const executions = async (id: unknown) =>
  (await get(`/v2/profiles/${T}/executions?order_id=${id}`)).items;
const balance = async (asset: string) => get(`/v2/profiles/${T}/balances/${asset}`);
const limit = (side: 'BUY' | 'SELL', base: string, price: string) =>
  sbx.call('createOrder', {
    profile_id: T,
    market: 'BTCUSD',
    type: 'LIMIT',
    side,
    base_amount: base,
    price,
  });

/** What the fills of a buy cost in USD: each gross rounded up to the cent, plus its commission. */
const spent = (fills: Record<string, string>[]) =>
  fills.reduce(
    (sum, e) => sum.plus(new Big(e.gross_trade_amount!).round(2, Big.roundUp)).plus(e.commission!),
    new Big(0),
  );
const bought = (fills: Record<string, string>[]) =>
  fills.reduce((sum, e) => sum.plus(e.amount!), new Big(0));

describe('a resting limit order as the market moves through it', () => {
  it('fills partly on one crossing and fully on a further move; executions and balances add up to the last digit', async () => {
    const placed = await limit('BUY', '1.5', '59000');
    expect(placed.body.status).toBe('SUBMITTED');
    await sbx.control('POST', '/clock', { advance_ms: 1_500 });
    expect(await order(placed.body.id)).toMatchObject({ status: 'OPEN', amount_filled: '0' });
    // The hold: 1.5 × 59000 = 88500.00 plus the taker commission 221.25.
    expect(await balance('USD')).toEqual({
      asset: 'USD',
      available: '911278.75',
      trading: '88721.25',
    });

    await pin('58500');
    expect(await order(placed.body.id)).toMatchObject({ status: 'OPEN', amount_filled: '1' });
    const first = await executions(placed.body.id);
    expect(first).toEqual([
      expect.objectContaining({
        amount: '1',
        price: '59000',
        gross_trade_amount: '59000',
        commission: '59.00',
        commission_asset: 'USD',
        rebate: '0.00',
        market: 'BTCUSD',
        side: 'BUY',
        order_id: placed.body.id,
      }),
    ]);
    expect(first[0]!.execution_id).toMatch(/^[0-9]+$/);
    // Paid 59059.00; the rest (0.5) holds 29500.00 + 73.75.
    expect(await balance('USD')).toEqual({
      asset: 'USD',
      available: '911367.25',
      trading: '29573.75',
    });
    expect(await balance('BTC')).toEqual({ asset: 'BTC', available: '26', trading: '0' });

    // Time passing at the same price is not a further move.
    await sbx.control('POST', '/clock', { advance_ms: 5_000 });
    expect(await order(placed.body.id)).toMatchObject({ amount_filled: '1' });

    await pin('58400');
    expect(await order(placed.body.id)).toMatchObject({
      status: 'FILLED',
      amount_filled: '1.5',
      volume_weighted_average_price: '59000',
    });
    const fills = await executions(placed.body.id);
    expect(fills.map((e) => [e.amount, e.commission])).toEqual([
      ['0.5', '29.50'],
      ['1', '59.00'],
    ]);
    expect(bought(fills).toFixed()).toBe('1.5');
    const usd = await balance('USD');
    expect(usd).toEqual({ asset: 'USD', available: '911411.50', trading: '0.00' });
    expect(new Big('1000000.00').minus(spent(fills)).toFixed(2)).toBe(usd.available);
    expect(await balance('BTC')).toEqual({ asset: 'BTC', available: '26.5', trading: '0' });
  });

  it('sells in parts too: proceeds less commission, the unsold base still held', async () => {
    const placed = await limit('SELL', '1.5', '61000');
    await sbx.control('POST', '/clock', { advance_ms: 1_500 });
    await pin('61500');
    expect(await order(placed.body.id)).toMatchObject({ status: 'OPEN', amount_filled: '1' });
    expect(await balance('BTC')).toEqual({ asset: 'BTC', available: '23.5', trading: '0.5' });
    // 61000.00 less 61.00 commission.
    expect(await balance('USD')).toMatchObject({ available: '1060939.00', trading: '0.00' });
  });
});

describe('Cancel Order', () => {
  it('cancels a partly filled order and gives its hold back; what it filled stays', async () => {
    const placed = await limit('BUY', '2', '59000');
    await sbx.control('POST', '/clock', { advance_ms: 1_500 });
    await pin('58500');
    expect(await balance('USD')).toMatchObject({ trading: '59147.50' });

    const cancelled = await sbx.send('DELETE', `/v2/profiles/${T}/orders/${placed.body.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({});
    expect(await order(placed.body.id)).toMatchObject({ status: 'CANCELLED', amount_filled: '1' });
    expect(await balance('USD')).toEqual({ asset: 'USD', available: '940941.00', trading: '0.00' });
    // A further move fills nothing more.
    await pin('58000');
    expect(await executions(placed.body.id)).toHaveLength(1);

    const again = await sbx.send('DELETE', `/v2/profiles/${T}/orders/${placed.body.id}`);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({
      type: 'about:blank',
      title: 'Forbidden',
      detail: expect.stringContaining('not in a cancellable state'),
    });
  });

  it.each([
    ['FILLED', { type: 'MARKET', side: 'BUY', quote_amount: '100.00' }],
    ['REJECTED', { type: 'POST_ONLY_LIMIT', side: 'BUY', base_amount: '0.1', price: '61000' }],
  ])('answers 403 for a %s order', async (status, input) => {
    const placed = await sbx.call('createOrder', { profile_id: T, market: 'BTCUSD', ...input });
    expect(placed.body.status).toBe(status);
    expect((await sbx.send('DELETE', `/v2/profiles/${T}/orders/${placed.body.id}`)).status).toBe(
      403,
    );
  });

  it("answers 404 for another profile's order", async () => {
    const placed = await limit('BUY', '0.1', '50000');
    const other = DEMO_IDS.profiles.treasury;
    expect(
      (await sbx.send('DELETE', `/v2/profiles/${other}/orders/${placed.body.id}`)).status,
    ).toBe(404);
  });
});

describe('Delete Orchestration Rule', () => {
  it('leaves the rule DELETED: deposits to its source are credited, not converted', async () => {
    const made = await sbx.call('createOrchestrationRule', exampleInput('createOrchestrationRule'));
    const rule = made.body.rule as { id: string; profile_id: string };
    const deleted = await sbx.send('DELETE', `/v2/orchestration/rules/${rule.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.rule).toMatchObject({ id: rule.id, status: 'DELETED' });
    const deposit = await sbx.control('POST', '/deposits', {
      deposit_instructions_id: DEMO_IDS.depositInstructions,
      asset: 'USD',
      amount: '100.00',
    });
    expect(deposit.body).toMatchObject({
      transfer: { profile_id: rule.profile_id, status: 'COMPLETED' },
      orchestrations: [],
    });
    const listed = await get(`/v2/orchestration/rules?status=DELETED`);
    expect(listed.items.map((r) => r.id)).toEqual([rule.id]);
  });
});

describe('Delete Fiat Account', () => {
  const G = DEMO_IDS.fiatAccounts.globex;

  it('stops new transfers to the account and hides it from reads unless asked', async () => {
    const res = await sbx.send('DELETE', `/v2/transfer/fiat-accounts/${G}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await sbx.send('GET', `/v2/transfer/fiat-accounts/${G}`)).status).toBe(404);
    expect((await get(`/v2/transfer/fiat-accounts/${G}?include_deleted=true`)).id).toBe(G);
    expect((await get('/v2/transfer/fiat-accounts')).items.map((a) => a.id)).not.toContain(G);
    expect(
      (await get('/v2/transfer/fiat-accounts?include_deleted=true')).items.map((a) => a.id),
    ).toContain(G);

    const payout = await sbx.call('createOrchestration', {
      ...exampleInput('createOrchestration'),
      destination_asset: 'USD',
      destination: { fiat: { fiat_account_id: G } },
    });
    expect(payout.status).toBe(404);
    expect(payout.body.detail).toMatch(/deleted/);
    const update = await sbx.call('updateFiatAccount', { id: G, metadata: { ticket: 'x' } });
    expect(update.status).toBe(404);
  });

  it('answers 400 naming id for an id that is not a UUID, 404 for a UUID nobody has', async () => {
    const malformed = await sbx.send('DELETE', '/v2/transfer/fiat-accounts/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ type: 'about:blank', title: 'Bad Request' });
    expect(malformed.body.meta?.errors).toEqual([expect.objectContaining({ path: 'id' })]);
    const unknown = '/v2/transfer/fiat-accounts/00000000-0000-4000-8000-000000000000';
    expect((await sbx.send('DELETE', unknown)).status).toBe(404);
  });
});

describe('Update Fiat Account: the rules of the appendix', () => {
  const A = DEMO_IDS.fiatAccounts.acme;

  it('refuses to switch a person owner to an institution', async () => {
    const res = await sbx.call('updateFiatAccount', {
      id: A,
      fiat_account_owner: { institution_details: { name: 'Acme Holdings' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(
      /^fiat_account_owner\.institution_details: the owner is a person/,
    );
  });

  it('ignores null and empty members: they neither clear nor change', async () => {
    const raw = JSON.stringify({
      fiat_account_owner: { person_details: { first_name: 'Ada', last_name: null } },
      fiat_network_instructions: { wire: { account_number: '', routing_details: null } },
      metadata: null,
    });
    const res = await sbx.call('updateFiatAccount', { id: A }, { rawBody: raw });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const account = await get(`/v2/transfer/fiat-accounts/${A}`);
    expect(account).toMatchObject({
      fiat_account_owner: { person_details: { first_name: 'Ada', last_name: 'Corporation' } },
      fiat_network_instructions: {
        wire: { account_number: '400123456789', routing_details: { routing_number_type: 'ABA' } },
      },
      metadata: { seeded: 'true' },
    });
  });

  it('lists accounts shortened: no owner, account numbers as XXXX and the last four', async () => {
    const listed = (await get(`/v2/transfer/fiat-accounts?ids=${A}`)).items[0] as Record<
      string,
      unknown
    >;
    expect(listed).not.toHaveProperty('fiat_account_owner');
    expect(JSON.stringify(listed)).not.toContain('400123456789');
    expect(listed.fiat_network_instructions).toMatchObject({
      wire: { account_number: 'XXXX6789' },
    });
    expect(JSON.stringify(listed)).not.toContain('1 Main Street');
    expect(await get(`/v2/transfer/fiat-accounts/${A}`)).toMatchObject({
      fiat_network_instructions: { wire: { account_number: '400123456789' } },
    });
  });
});
