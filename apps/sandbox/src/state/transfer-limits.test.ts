import Big from 'big.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, problemCode } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

/*
 * The demo's limits (state/seed-book.ts): service transfers 500,000 USD a rolling day; wires
 * 250,000 USD a transaction; withdrawals of either rail 1,000,000 USD a day together.
 */
const P = DEMO_IDS.profiles;
const DAY_MS = 86_400_000;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

type Limit = { id?: string; period_seconds: string; limit: string; remaining: string };
const limits = async (type: string) =>
  (await sbx.send('GET', `/v2/transfer/limits/utilizations?transfer_type=${type}`)).body
    .items as Limit[];
const daily = async (type: string) => (await limits(type)).find((l) => l.period_seconds !== '0')!;
const svc = (amount: string, asset = 'USD') =>
  sbx.call('createSvcTransfer', {
    from_profile_id: P.treasury,
    to_profile_id: P.trading,
    asset,
    amount,
  });
const payout = (amount: string) =>
  sbx.call('createOrchestration', {
    profile_id: P.treasury,
    source_asset: 'USD',
    source: { profile: { profile_id: P.treasury } },
    destination_asset: 'USD',
    destination: { fiat: { fiat_account_id: DEMO_IDS.fiatAccounts.hopper } },
    source_amount: amount,
  });

describe('a periodic limit', () => {
  it('falls by exactly what each send of its type moves, and refuses a send above what remains', async () => {
    expect(await daily('SVC_TRANSFER_DEBIT')).toMatchObject({
      limit: '500000.00',
      remaining: '500000.00',
    });
    expect((await svc('399999.99')).status).toBe(200);
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe('100000.01');
    expect((await svc('0.01')).status).toBe(200);
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe('100000.00');

    const refused = await svc('100000.01');
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('about:blank');
    expect(refused.body.detail).toMatch(
      /^amount: 100000\.01 USD exceeds the limit .*100000\.00 USD remains$/,
    );
    expect(refused.body.meta).toMatchObject({ remaining: '100000.00', limit: '500000.00' });
    // A refused send moves nothing: what remains is as it was, and the rest can still go.
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe('100000.00');
    expect((await svc('100000.00')).status).toBe(200);
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe('0.00');
  });

  it('recovers when its period has passed on the sandbox clock, and not before', async () => {
    expect((await svc('500000.00')).status).toBe(200);
    sbx.clock.advance(DAY_MS - 1);
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe('0.00');
    expect((await svc('1.00')).status).toBe(403);
    sbx.clock.advance(1);
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe('500000.00');
    expect((await svc('1.00')).status).toBe(200);
  });

  it('counts a send of another asset at its USD value at the market price', async () => {
    await sbx.control('PUT', '/prices/ETHUSD', { price: '3000' });
    expect((await svc('10', 'ETH')).status).toBe(200);
    expect((await daily('SVC_TRANSFER_DEBIT')).remaining).toBe(
      new Big('500000').minus('30000').toFixed(2),
    );
  });

  it('is shared by the types it names: a wire payout lowers the withdrawals of both rails', async () => {
    // The seed's history paid 2,500.00 USD out by wire two hours before the sandbox started.
    const before = (await daily('CRYPTO_WITHDRAWAL')).remaining;
    expect(before).toBe('997500.00');
    expect((await payout('2500.00')).status).toBe(200);
    expect((await daily('CRYPTO_WITHDRAWAL')).remaining).toBe('995000.00');
    expect((await daily('WIRE_WITHDRAWAL')).remaining).toBe('995000.00');
    // A move between profiles is no withdrawal, nor a transfer of a limited type.
    const move = await sbx.call('createOrchestration', {
      profile_id: P.treasury,
      source_asset: 'USD',
      source: { profile: { profile_id: P.treasury } },
      destination_asset: 'USD',
      destination: { profile: { profile_id: P.payouts } },
      source_amount: '5000.00',
    });
    expect(move.status).toBe(200);
    expect((await daily('WIRE_WITHDRAWAL')).remaining).toBe('995000.00');
  });
});

describe('a single-transaction limit', () => {
  it('refuses a larger withdrawal with exceed-max-withdraw-limit, and stays whole', async () => {
    const single = (await limits('WIRE_WITHDRAWAL')).find((l) => l.period_seconds === '0')!;
    expect(single).toMatchObject({ limit: '250000.00', remaining: '250000.00' });
    expect(single).not.toHaveProperty('id');
    const refused = await payout('250000.01');
    expect(refused.status).toBe(403);
    expect(problemCode(refused.body.type as string)).toBe('exceed-max-withdraw-limit');
    expect(refused.body.detail).toMatch(
      /^source_amount: .*single-transaction limit.*250000\.00 USD remains$/,
    );
    expect((await payout('250000.00')).status).toBe(200);
    expect((await limits('WIRE_WITHDRAWAL')).find((l) => l.period_seconds === '0')!.remaining).toBe(
      '250000.00',
    );
  });
});
