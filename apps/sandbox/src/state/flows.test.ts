import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, EVM_NETWORKS, exampleInput } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

const advance = (ms: number) => sbx.control('POST', '/clock', { advance_ms: ms });
type Row = Record<string, unknown> & { id: string };
async function state() {
  return (await sbx.control('GET', '/state')).body as {
    transfers: Row[];
    orchestrations: Row[];
    fiat_accounts: Row[];
    profiles: { id: string; balances: Record<string, { total: string }> }[];
  };
}
const total = async (profile: string, asset: string) =>
  (await state()).profiles.find((p) => p.id === profile)?.balances[asset]?.total;

describe('transfers', () => {
  it('creates linked debit and credit records, PENDING then COMPLETED, crediting on completion', async () => {
    const res = await sbx.call('createInternalTransfer', exampleInput('createInternalTransfer'));
    expect(res.body).toMatchObject({
      direction: 'DEBIT',
      type: 'INTERNAL_TRANSFER_DEBIT',
      status: 'PENDING',
      amount: '125.50',
      fee: '0.00',
      total: '125.50',
    });
    const group = (await state()).transfers.filter((t) => t.group_id === res.body.group_id);
    expect(group.map((t) => t.type).sort()).toEqual([
      'INTERNAL_TRANSFER_CREDIT',
      'INTERNAL_TRANSFER_DEBIT',
    ]);
    expect(await total(P.treasury, 'USD')).toBe('999874.50');
    expect(await total(P.payouts, 'USD')).toBe('100000.00');
    await advance(3_000);
    const done = (await state()).transfers.filter((t) => t.group_id === res.body.group_id);
    expect(done.every((t) => t.status === 'COMPLETED')).toBe(true);
    expect(await total(P.payouts, 'USD')).toBe('100125.50');
  });

  it('completes a transfer and its pair at once on a control call, or fails it and refunds the sender', async () => {
    const res = await sbx.call('createInternalTransfer', exampleInput('createInternalTransfer'));
    const settled = await sbx.control('POST', `/transfers/${res.body.id}/settle`, {});
    expect(settled.body).toMatchObject({ status: 'COMPLETED' });
    expect(await total(P.payouts, 'USD')).toBe('100125.50');
    const failing = await sbx.call('createSvcTransfer', exampleInput('createSvcTransfer'));
    await sbx.control('POST', `/transfers/${failing.body.id}/settle`, { status: 'FAILED' });
    const pair = (await state()).transfers.filter((t) => t.group_id === failing.body.group_id);
    expect(pair.map((t) => t.status)).toEqual(['FAILED', 'FAILED']);
    expect(await total(P.treasury, 'ETH')).toBe('400');
  });

  it('charges the svc fee of 0.1 % to the sender', async () => {
    const res = await sbx.call('createSvcTransfer', exampleInput('createSvcTransfer'));
    expect(res.body).toMatchObject({
      type: 'SVC_TRANSFER_DEBIT',
      amount: '0.5',
      fee: '0.0005',
      total: '0.5005',
    });
    expect(await total(P.treasury, 'ETH')).toBe('399.4995');
  });
});

describe('orchestrations', () => {
  it('goes PROCESSING with PENDING legs, then COMPLETED, converting at the market price', async () => {
    await sbx.control('PUT', '/prices/BTCUSD', { price: '50000' });
    const res = await sbx.call('createOrchestration', exampleInput('createOrchestration'));
    expect(res.body).toMatchObject({
      status: 'PROCESSING',
      source_transfer: { status: 'PENDING' },
      destination_transfer: { status: 'PENDING' },
      orchestration_rule_id: '',
    });
    // PENDING legs are planned transfers: their ids are not known yet.
    expect(res.body.source_transfer).not.toHaveProperty('transfer_id');
    await advance(2_000);
    const now = await state();
    const done = now.orchestrations.find((o) => o.id === res.body.id) as Record<string, Row>;
    expect(done).toMatchObject({
      status: 'COMPLETED',
      source_transfer: { status: 'COMPLETED' },
      destination_transfer: { status: 'COMPLETED' },
    });
    const legs = [done.source_transfer, done.destination_transfer].map((leg) =>
      now.transfers.find((t) => t.id === leg?.transfer_id),
    );
    expect(legs).toEqual([
      expect.objectContaining({
        profile_id: P.treasury,
        amount: '250.00',
        asset: 'USD',
        direction: 'DEBIT',
      }),
      expect.objectContaining({
        profile_id: P.payouts,
        amount: '0.005',
        asset: 'BTC',
        direction: 'CREDIT',
      }),
    ]);
    expect(await total(P.treasury, 'USD')).toBe('999750.00');
    expect(await total(P.payouts, 'BTC')).toBe('2.505');
  });

  it('completes or fails an orchestration at once on a control call', async () => {
    const done = await sbx.call('createOrchestration', exampleInput('createOrchestration'));
    const settled = await sbx.control('POST', `/orchestrations/${done.body.id}/settle`);
    expect(settled.body).toMatchObject({ status: 'COMPLETED' });
    const failing = await sbx.call('createOrchestration', exampleInput('createOrchestration'));
    const failed = await sbx.control('POST', `/orchestrations/${failing.body.id}/settle`, {
      status: 'FAILED',
    });
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      fail_reason: { detail: expect.any(String) },
    });
    expect(await total(P.treasury, 'USD')).toBe('999750.00');
    expect((await sbx.control('POST', '/orchestrations/nope/settle')).status).toBe(404);
  });

  it('fails with a fail_reason when the source lacks the funds at processing', async () => {
    const res = await sbx.call('createOrchestration', {
      ...exampleInput('createOrchestration'),
      profile_id: P.empty,
      source: { profile: { profile_id: P.empty } },
    });
    expect(res.body.status).toBe('PROCESSING');
    await advance(2_000);
    const failed = (await state()).orchestrations.find((o) => o.id === res.body.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      fail_reason: { detail: expect.stringMatching(/^Insufficient funds: profile /) },
      source_transfer: { status: 'FAILED' },
    });
  });
});

describe('deposits and rules', () => {
  it('creates an ACTIVE rule that a matching deposit fires', async () => {
    const rule = await sbx.call('createOrchestrationRule', exampleInput('createOrchestrationRule'));
    expect(rule.body.rule).toMatchObject({ status: 'ACTIVE' });
    const ruleId = (rule.body.rule as Row).id;
    const deposit = await sbx.control('POST', '/deposits', {
      deposit_instructions_id: DEMO_IDS.depositInstructions,
      asset: 'USD',
      amount: '100.00',
    });
    expect(deposit.status).toBe(200);
    expect(deposit.body.transfer).toMatchObject({
      type: 'WIRE_DEPOSIT',
      status: 'COMPLETED',
      direction: 'CREDIT',
    });
    const [orchestration] = deposit.body.orchestrations as Row[];
    expect(orchestration).toMatchObject({
      orchestration_rule_id: ruleId,
      status: 'PROCESSING',
      source_amount: '100.00',
    });
    expect(orchestration?.ref_id).toMatch(/^rule-/);
    await advance(2_000);
    expect(await total(P.payouts, 'USD')).toBe('100100.00');
  });

  it('does not fire a rule for another asset', async () => {
    await sbx.call('createOrchestrationRule', exampleInput('createOrchestrationRule'));
    const deposit = await sbx.control('POST', '/deposits', {
      deposit_instructions_id: DEMO_IDS.depositInstructions,
      asset: 'EUR',
      amount: '100.00',
    });
    expect(deposit.body.orchestrations).toEqual([]);
  });

  it('credits a deposit to an address, converting the USD stablecoin when asked, with its metadata', async () => {
    const address = await sbx.call('createDepositAddress', {
      ...exampleInput('createDepositAddress'),
      conversion_target_asset: 'USD',
    });
    expect(address.body.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(address.body.compatible_crypto_networks).toEqual([...EVM_NETWORKS]);
    const deposit = await sbx.control('POST', '/deposits', {
      address: address.body.address,
      asset: 'USDP',
      amount: '10',
    });
    expect(deposit.body.transfer).toMatchObject({
      type: 'CRYPTO_DEPOSIT',
      balance_asset: 'USD',
      metadata: { customer: 'acme' },
    });
    expect(await total(P.treasury, 'USD')).toBe('1000010.00');
  });

  it.each([
    ['BITCOIN', /^bc1q/],
    ['LITECOIN', /^ltc1q/],
    ['BITCOIN_CASH', /^bitcoincash:q/],
    ['SOLANA', /^[1-9A-HJ-NP-Za-km-z]{44}$/],
  ])('gives a %s address its own form', async (network, form) => {
    const res = await sbx.call('createDepositAddress', {
      profile_id: P.treasury,
      crypto_network: network,
    });
    expect(res.body.address).toMatch(form);
    expect(res.body.compatible_crypto_networks).toEqual([network]);
  });

  it('refuses a deposit with no or two targets', async () => {
    expect((await sbx.control('POST', '/deposits', { asset: 'USD', amount: '1' })).status).toBe(
      400,
    );
    expect(
      (
        await sbx.control('POST', '/deposits', {
          asset: 'USD',
          amount: '1',
          profile_id: P.treasury,
          deposit_instructions_id: DEMO_IDS.depositInstructions,
        })
      ).status,
    ).toBe(400);
  });
});

describe('fiat accounts', () => {
  it('answers PENDING, keeps what the update leaves out, and becomes APPROVED', async () => {
    const res = await sbx.call('updateFiatAccount', exampleInput('updateFiatAccount'));
    expect(res.body).toMatchObject({
      status: 'PENDING',
      metadata: { ticket: 'SUP-1042' },
      fiat_account_owner: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
      fiat_network_instructions: { wire: { account_number: '400123456789' } },
    });
    await advance(5_000);
    expect(
      (await state()).fiat_accounts.find((f) => f.id === DEMO_IDS.fiatAccounts.acme)?.status,
    ).toBe('APPROVED');
  });

  it('merges nested members and becomes REJECTED when the account number starts with 000', async () => {
    const res = await sbx.call('updateFiatAccount', {
      id: DEMO_IDS.fiatAccounts.globex,
      fiat_network_instructions: { wire: { account_number: '000111' } },
    });
    expect(res.body).toMatchObject({
      fiat_network_instructions: {
        wire: { account_number: '000111', routing_details: { routing_number: '021000021' } },
      },
    });
    await advance(5_000);
    expect(
      (await state()).fiat_accounts.find((f) => f.id === DEMO_IDS.fiatAccounts.globex)?.status,
    ).toBe('REJECTED');
  });
});

describe('fee quotes', () => {
  it('derives the amount from a total, and expires five minutes ahead', async () => {
    const res = await sbx.call('createCryptoWithdrawalFee', {
      ...exampleInput('createCryptoWithdrawalFee'),
      amount: undefined,
      total: '1',
    });
    expect(res.body).toMatchObject({ fee: '0.00015', amount: '0.99985', total: '1' });
    expect(Date.parse(res.body.expires_at as string) - sbx.clock.now()).toBe(300_000);
  });
});

describe('control endpoints', () => {
  it('resets the state to the seed', async () => {
    const seeded = (await state()).transfers.length;
    const sent = await sbx.call('createInternalTransfer', exampleInput('createInternalTransfer'));
    await sbx.control('POST', '/reset');
    // The seed again, under fresh random ids: what was sent is gone.
    const after = (await state()).transfers.map((t) => t.id);
    expect(after).toHaveLength(seeded);
    expect(after).not.toContain((sent.body as { id: string }).id);
    expect(await total(P.treasury, 'USD')).toBe('1000000.00');
  });

  it('refuses a bad price pin and an unknown market', async () => {
    expect((await sbx.control('PUT', '/prices/BTCUSD', { price: '-1' })).status).toBe(400);
    expect((await sbx.control('PUT', '/prices/DOGEUSD', { price: '1' })).status).toBe(400);
  });

  it('changes a fiat account as someone else would at the service, its status kept', async () => {
    const id = DEMO_IDS.fiatAccounts.acme;
    const changed = await sbx.control('PATCH', `/fiat-accounts/${id}`, {
      fiat_account_owner: { person_details: { last_name: 'Changed' } },
      metadata: { note: 'elsewhere' },
    });
    expect(changed.status).toBe(200);
    const account = (await state()).fiat_accounts.find((f) => f.id === id)!;
    expect(account).toMatchObject({
      status: 'APPROVED',
      fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Changed' } },
      metadata: { note: 'elsewhere' },
    });
    expect(account.metadata).not.toHaveProperty('seeded');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await sbx.control('PATCH', `/fiat-accounts/${unknown}`, { metadata: {} })).status).toBe(
      404,
    );
    expect(
      (await sbx.control('PATCH', `/fiat-accounts/${id}`, ['not', 'an', 'object'])).status,
    ).toBe(400);
  });

  it('refuses a negative clock move', async () => {
    expect((await sbx.control('POST', '/clock', { advance_ms: -1 })).status).toBe(400);
  });
});
