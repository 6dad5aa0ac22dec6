import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, exampleInput } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

type Row = Record<string, unknown> & { id: string };
const advance = (ms: number) => sbx.control('POST', '/clock', { advance_ms: ms });
async function state() {
  return (await sbx.control('GET', '/state')).body as {
    transfers: Row[];
    orders: Row[];
    executions: Row[];
    orchestrations: Row[];
    profiles: { id: string; balances: Record<string, { total: string }> }[];
  };
}
const total = async (profile: string, asset: string) =>
  (await state()).profiles.find((p) => p.id === profile)?.balances[asset]?.total;
/** An internal transfer of 125.50 USD from treasury to payouts: its debit, PENDING. */
const transfer = async () =>
  (await sbx.call('createInternalTransfer', exampleInput('createInternalTransfer'))).body as Row;
const groupOf = async (debit: Row) =>
  (await state()).transfers.filter((t) => t.group_id === debit.group_id);
const legOf = async (debit: Row, direction: string) =>
  (await groupOf(debit)).find((t) => t.direction === direction)!;
const items = (answer: { body: Record<string, unknown> }) =>
  (answer.body.items as Row[] | undefined) ?? [];

describe('PATCH /sandbox/transfers/{id}: a transfer corrected by the service staff', () => {
  it.each([
    [{ amount: '125.51' }, 'DEBIT', { amount: '125.51', total: '125.51' }],
    [{ asset: 'EUR' }, 'DEBIT', { asset: 'EUR', balance_asset: 'EUR' }],
    [{ asset: 'EUR' }, 'CREDIT', { asset: 'EUR', balance_asset: 'EUR' }],
    [{ profile_id: P.trading }, 'DEBIT', { profile_id: P.trading }],
    [{ profile_id: P.trading }, 'CREDIT', { profile_id: P.payouts }],
    [{ destination_profile_id: P.trading }, 'CREDIT', { profile_id: P.trading }],
    [{ destination_profile_id: P.trading }, 'DEBIT', { profile_id: P.treasury }],
  ])('%j: its %s record holds %j', async (change, direction, expected) => {
    const debit = await transfer();
    const res = await sbx.control('PATCH', `/transfers/${debit.id}`, change);
    expect(res.status).toBe(200);
    expect(await legOf(debit, direction)).toMatchObject(expected);
    // Read as a client reads it, too.
    const read = await sbx.read('getTransfer', { id: (await legOf(debit, direction)).id });
    expect(read.body).toMatchObject(expected);
  });

  it('fails a completed transfer, the records only: the balances stay as they were', async () => {
    const debit = await transfer();
    await advance(10_000);
    expect((await legOf(debit, 'CREDIT')).status).toBe('COMPLETED');
    const before = [await total(P.treasury, 'USD'), await total(P.payouts, 'USD')];
    const res = await sbx.control('PATCH', `/transfers/${debit.id}`, { status: 'FAILED' });
    expect(res.body).toMatchObject({ id: debit.id, status: 'FAILED' });
    expect((await groupOf(debit)).map((t) => t.status)).toEqual(['FAILED', 'FAILED']);
    expect([await total(P.treasury, 'USD'), await total(P.payouts, 'USD')]).toEqual(before);
  });

  it('leaves a transfer pending past its time until a settle, which credits once', async () => {
    const debit = await transfer();
    await sbx.control('PATCH', `/transfers/${debit.id}`, { status: 'PENDING' });
    await advance(3_600_000);
    expect((await groupOf(debit)).map((t) => t.status)).toEqual(['PENDING', 'PENDING']);
    expect(await total(P.payouts, 'USD')).toBe('100000.00');
    await sbx.control('POST', `/transfers/${debit.id}/settle`, {});
    expect((await groupOf(debit)).map((t) => t.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await total(P.payouts, 'USD')).toBe('100125.50');
  });

  it('sets a completed transfer back to pending without moving its money a second time', async () => {
    const debit = await transfer();
    await advance(10_000);
    await sbx.control('PATCH', `/transfers/${debit.id}`, { status: 'PENDING' });
    await advance(3_600_000);
    expect((await legOf(debit, 'DEBIT')).status).toBe('PENDING');
    await sbx.control('POST', `/transfers/${debit.id}/settle`, {});
    expect(await total(P.payouts, 'USD')).toBe('100125.50');
  });

  it('settles a pending transfer given a final status, as a settle does', async () => {
    const debit = await transfer();
    await sbx.control('PATCH', `/transfers/${debit.id}`, { status: 'FAILED' });
    // The sender is given back what was debited.
    expect(await total(P.treasury, 'USD')).toBe('1000000.00');
  });

  it.each([
    [{}, 400, 'at least one'],
    [{ amount: '12,50' }, 400, 'amount'],
    [{ amount: '1.001' }, 400, 'amount'],
    [{ asset: 'XXX' }, 400, 'asset'],
    [{ profile_id: 'no-such-profile' }, 400, 'profile_id'],
    [{ destination_profile_id: 'no-such-profile' }, 400, 'destination_profile_id'],
    [{ amount: '1.00', destination_profile_id: 'no-such-profile' }, 400, 'destination_profile_id'],
    [{ status: 'CANCELLED' }, 400, 'status'],
    [{ note: 'x' }, 400, ''],
  ])('refuses %j with %i, changing nothing', async (change, status, names) => {
    const debit = await transfer();
    const before = await groupOf(debit);
    const res = await sbx.control('PATCH', `/transfers/${debit.id}`, change);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(String(res.body.detail)).toContain(names);
    expect(await groupOf(debit)).toEqual(before);
  });

  it('refuses a destination for a transfer without a credit leg (a deposit)', async () => {
    const deposit = await sbx.control('POST', '/deposits', {
      asset: 'BTC',
      amount: '0.25',
      profile_id: P.treasury,
    });
    const id = (deposit.body.transfer as Row).id;
    const res = await sbx.control('PATCH', `/transfers/${id}`, {
      destination_profile_id: P.payouts,
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('no credit leg');
  });
});

describe('PATCH /sandbox/orders/{id}: an order whose fill the service staff changed', () => {
  const filled = async () => {
    await sbx.control('PUT', '/prices/BTCUSD', { price: '60000' });
    const res = await sbx.call('createOrder', exampleInput('createOrder'));
    expect(res.body).toMatchObject({ status: 'FILLED', volume_weighted_average_price: '60000' });
    return res.body as Row;
  };

  it.each([
    [
      { amount_filled: '0.001' },
      { amount_filled: '0.001', volume_weighted_average_price: '60000' },
    ],
    [{ average_price: '61000' }, { volume_weighted_average_price: '61000' }],
    [
      { amount_filled: '0.002', average_price: '59000.5' },
      { amount_filled: '0.002', volume_weighted_average_price: '59000.5' },
    ],
  ])('%j: Get Order answers %j', async (change, expected) => {
    const order = await filled();
    const res = await sbx.control('PATCH', `/orders/${order.id}`, change);
    expect(res.status).toBe(200);
    const read = await sbx.read('getOrder', { profile_id: P.trading, id: order.id });
    expect(read.body).toMatchObject({ status: 'FILLED', ...expected });
    // Its executions are as they were.
    expect((await state()).executions.filter((e) => e.order_id === order.id)).toHaveLength(1);
  });

  it.each([
    [{}, 'at least one'],
    [{ amount_filled: '0.000000001' }, 'amount_filled'],
    [{ average_price: '0' }, 'average_price'],
    [{ amount_filled: '0', average_price: '60000' }, 'average_price'],
  ])('refuses %j with 400', async (change, names) => {
    const order = await filled();
    const res = await sbx.control('PATCH', `/orders/${order.id}`, change);
    expect(res.status).toBe(400);
    expect(String(res.body.detail)).toContain(names);
  });
});

describe('DELETE /sandbox/{kind}/{id}: a record gone from the service lists', () => {
  it('takes a transfer and its credit leg out of list reads and reads by id', async () => {
    const input = { ...exampleInput('createInternalTransfer'), ref_id: 'dropped-1' };
    const debit = (await sbx.call('createInternalTransfer', input)).body as Row;
    const legs = (await groupOf(debit)).map((t) => t.id);
    const res = await sbx.control('DELETE', `/transfers/${debit.id}`);
    expect(res.body.dropped).toEqual(expect.arrayContaining(legs));
    for (const id of legs) expect((await sbx.read('getTransfer', { id })).status).toBe(404);
    expect(items(await sbx.read('listTransfers', {}, { ref_ids: 'dropped-1' }))).toEqual([]);
    const all = items(await sbx.read('listTransfers', {}, { limit: '1000' })).map((t) => t.id);
    expect(all.filter((id) => legs.includes(id))).toEqual([]);
  });

  it('takes an order and its executions out of list reads and reads by id', async () => {
    await sbx.control('PUT', '/prices/BTCUSD', { price: '60000' });
    const input = { ...exampleInput('createOrder'), ref_id: 'dropped-order' };
    const order = (await sbx.call('createOrder', input)).body as Row;
    await sbx.control('DELETE', `/orders/${order.id}`);
    const read = await sbx.read('getOrder', { profile_id: P.trading, id: order.id });
    expect(read.status).toBe(404);
    expect(items(await sbx.read('listOrders', {}, { ref_ids: 'dropped-order' }))).toEqual([]);
    expect((await state()).executions.filter((e) => e.order_id === order.id)).toEqual([]);
  });

  it('takes an orchestration and its legs out of list reads and reads by id', async () => {
    await sbx.control('PUT', '/prices/BTCUSD', { price: '60000' });
    const input = { ...exampleInput('createOrchestration'), ref_id: 'dropped-orchestration' };
    const created = (await sbx.call('createOrchestration', input)).body as Row;
    await advance(60_000);
    const done = (await state()).orchestrations.find((o) => o.id === created.id)!;
    expect(done.status).toBe('COMPLETED');
    const legs = [done.source_transfer, done.destination_transfer].map(
      (leg) => (leg as { transfer_id: string }).transfer_id,
    );
    const res = await sbx.control('DELETE', `/orchestrations/${created.id}`);
    expect(res.body.dropped).toEqual([created.id, ...legs]);
    expect((await sbx.read('getOrchestration', { id: created.id })).status).toBe(404);
    const listed = await sbx.read('listOrchestrations', {}, { ref_id: 'dropped-orchestration' });
    expect(items(listed)).toEqual([]);
    for (const id of legs) expect((await sbx.read('getTransfer', { id })).status).toBe(404);
  });
});

describe('the staff controls answer 404 for an id the sandbox does not have', () => {
  it.each([
    ['PATCH', '/transfers/no-such-id', { amount: '1' }],
    ['PATCH', '/orders/no-such-id', { amount_filled: '1' }],
    ['DELETE', '/transfers/no-such-id', undefined],
    ['DELETE', '/orders/no-such-id', undefined],
    ['DELETE', '/orchestrations/no-such-id', undefined],
  ])('%s %s', async (method, path, body) => {
    const res = await sbx.control(method, path, body);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});
