import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, exampleInput, problemCode, type WriteOperationId } from '@console/schemas';
import { client, startTestSandbox, type TestSandbox } from '../../test/test-support';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox({
    clients: [
      client({ client_id: 'tester', permissions: ['self_match_prevention'] }),
      client({ client_id: 'plain' }),
    ],
  });
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

const P = DEMO_IDS.profiles;
type Input = Record<string, unknown>;
const with_ = (id: WriteOperationId, patch: Input): Input => ({ ...exampleInput(id), ...patch });
const without = (id: WriteOperationId, key: string): Input => {
  const input: Input = { ...exampleInput(id) };
  delete input[key];
  return input;
};
const future = (ms: number) => String(sbx.clock.now() + ms);

// One row per rule: operation, what is broken, the input, the status and problem code.
// prettier-ignore
const broken: [WriteOperationId, string, () => Input, number, string][] = [
  ['createOrchestration', 'zero amount', () => with_('createOrchestration', { source_amount: '0' }), 400, 'about:blank'],
  ['createOrchestration', 'too many decimals', () => with_('createOrchestration', { source_amount: '1.001' }), 400, 'exceed-precision'],
  ['createOrchestration', 'unknown profile', () => with_('createOrchestration', { profile_id: 'nobody' }), 404, 'about:blank'],
  ['createOrchestration', 'unknown fiat account', () => with_('createOrchestration', { destination: { fiat: { fiat_account_id: 'nope' } } }), 404, 'about:blank'],
  ['createOrchestration', 'two source rails', () => with_('createOrchestration', { source: { profile: { profile_id: P.treasury }, fiat: { deposit_instructions_id: DEMO_IDS.depositInstructions } } }), 400, 'about:blank'],
  ['createOrchestration', 'unknown asset', () => with_('createOrchestration', { destination_asset: 'XYZ' }), 400, 'about:blank'],
  ['createOrder', 'GTT expiring within 10 s', () => with_('createOrder', { type: 'LIMIT', quote_amount: undefined, base_amount: '0.01', price: '100', time_in_force: 'GTT', expiration_date: future(5_000) }), 400, 'about:blank'],
  ['createOrder', 'identity without account', () => with_('createOrder', { identity_id: DEMO_IDS.identities.alice }), 400, 'about:blank'],
  // Appendix B: an account the identity neither holds nor is a member of is a 400 naming the field.
  ['createOrder', 'account not of the identity', () => with_('createOrder', { identity_id: DEMO_IDS.identities.alice, identity_account_id: DEMO_IDS.accounts.bob }), 400, 'about:blank'],
  ['createOrder', 'unknown identity', () => with_('createOrder', { identity_id: 'who', identity_account_id: DEMO_IDS.accounts.bob }), 404, 'about:blank'],
  ['createOrder', 'GTC on a market order', () => with_('createOrder', { time_in_force: 'GTC' }), 400, 'about:blank'],
  ['createOrder', 'price on a market order', () => with_('createOrder', { price: '100' }), 400, 'about:blank'],
  ['createOrder', 'unknown profile', () => with_('createOrder', { profile_id: 'nobody' }), 404, 'about:blank'],
  ['createOrder', 'unknown recipient', () => with_('createOrder', { recipient_profile_id: 'nobody' }), 404, 'about:blank'],
  ['createOrder', 'not enough USD', () => with_('createOrder', { profile_id: P.empty }), 403, 'insufficient-funds'],
  ['createOrder', 'too many decimals', () => with_('createOrder', { quote_amount: '10.005' }), 400, 'exceed-precision'],
  ['createOrder', 'await over 10 s', () => with_('createOrder', { await_fill_millis: 10_001 }), 400, 'about:blank'],
  ['createOrder', 'self-match id over 36 characters', () => with_('createOrder', { self_match_prevention_id: 'x'.repeat(37) }), 400, 'about:blank'],
  ['updateFiatAccount', 'unknown account', () => with_('updateFiatAccount', { id: 'nope' }), 404, 'about:blank'],
  ['updateFiatAccount', 'nothing to change', () => ({ id: DEMO_IDS.fiatAccounts.acme }), 400, 'about:blank'],
  ['updateFiatAccount', 'seven metadata pairs', () => with_('updateFiatAccount', { metadata: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`k${n}`, 'v'])) }), 400, 'about:blank'],
  ['createInternalTransfer', 'same profile both sides', () => with_('createInternalTransfer', { to_profile_id: P.treasury }), 400, 'about:blank'],
  ['createInternalTransfer', 'unknown recipient', () => with_('createInternalTransfer', { to_profile_id: 'nobody' }), 404, 'about:blank'],
  ['createInternalTransfer', 'not enough USD', () => with_('createInternalTransfer', { from_profile_id: P.empty }), 403, 'insufficient-funds'],
  ['createInternalTransfer', 'missing amount', () => without('createInternalTransfer', 'amount'), 400, 'about:blank'],
  ['createInternalTransfer', 'negative amount', () => with_('createInternalTransfer', { amount: '-1' }), 400, 'about:blank'],
  ['createInternalTransfer', 'unknown asset', () => with_('createInternalTransfer', { asset: 'XYZ' }), 400, 'about:blank'],
  ['createSvcTransfer', 'BTC with 9 decimals', () => with_('createSvcTransfer', { asset: 'BTC', amount: '0.123456789' }), 400, 'exceed-precision'],
  ['createSvcTransfer', 'unknown sender', () => with_('createSvcTransfer', { from_profile_id: 'nobody' }), 404, 'about:blank'],
  ['createSvcTransfer', 'not enough ETH', () => with_('createSvcTransfer', { from_profile_id: P.empty }), 403, 'insufficient-funds'],
  ['createOrchestrationRule', 'missing ref_id', () => without('createOrchestrationRule', 'ref_id'), 400, 'about:blank'],
  ['createOrchestrationRule', 'unknown deposit instructions', () => with_('createOrchestrationRule', { source: { fiat: { deposit_instructions_id: 'nope' } } }), 404, 'about:blank'],
  ['createOrchestrationRule', 'unknown profile', () => with_('createOrchestrationRule', { profile_id: 'nobody' }), 404, 'about:blank'],
  ['createDepositAddress', 'unknown network', () => with_('createDepositAddress', { crypto_network: 'DOGE' }), 400, 'about:blank'],
  ['createDepositAddress', 'unknown profile', () => with_('createDepositAddress', { profile_id: 'nobody' }), 404, 'about:blank'],
  ['createDepositAddress', 'unknown conversion target', () => with_('createDepositAddress', { conversion_target_asset: 'EUR' }), 400, 'about:blank'],
  ['createCryptoWithdrawalFee', 'amount and total', () => with_('createCryptoWithdrawalFee', { total: '1' }), 400, 'about:blank'],
  ['createCryptoWithdrawalFee', 'neither amount nor total', () => without('createCryptoWithdrawalFee', 'amount'), 400, 'about:blank'],
  ['createCryptoWithdrawalFee', 'total not above the fee', () => with_('createCryptoWithdrawalFee', { amount: undefined, total: '0.0001' }), 400, 'about:blank'],
  ['createCryptoWithdrawalFee', 'asset not on the network', () => with_('createCryptoWithdrawalFee', { asset: 'ETH' }), 400, 'about:blank'],
  ['createCryptoWithdrawalFee', 'address of another network', () => with_('createCryptoWithdrawalFee', { destination_address: '0x52908400098527886E0F7030069857D2E4169EE7' }), 400, 'about:blank'],
  ['createCryptoWithdrawalFee', 'too many decimals', () => with_('createCryptoWithdrawalFee', { amount: '0.123456789' }), 400, 'exceed-precision'],
];

describe('each rule broken', () => {
  it.each(broken)('%s: %s → %i %s', async (id, _name, input, status, code) => {
    const res = await sbx.call(id, input());
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(problemCode(res.body.type as string)).toBe(code);
    expect(res.body.status).toBe(status);
    expect(typeof res.body.detail).toBe('string');
  });

  it('names the field in a 400 detail', async () => {
    const res = await sbx.call(
      'createInternalTransfer',
      without('createInternalTransfer', 'amount'),
    );
    expect(res.body.detail).toMatch(/^amount: /);
  });

  it('gives insufficient-funds meta {profile_id, asset, available, needed}', async () => {
    const res = await sbx.call(
      'createInternalTransfer',
      with_('createInternalTransfer', { from_profile_id: P.empty, amount: '5.00' }),
    );
    expect(res.body.meta).toEqual({
      profile_id: P.empty,
      asset: 'USD',
      available: '1.00',
      needed: '5.00',
    });
  });

  it('refuses self_match_prevention_id without the permission', async () => {
    const input = with_('createOrder', { self_match_prevention_id: 'smp-1' });
    expect((await sbx.call('createOrder', input, { clientId: 'plain' })).status).toBe(403);
    expect((await sbx.call('createOrder', input)).status).toBe(200);
  });

  it('refuses a body that is not application/json', async () => {
    const res = await sbx.call('createOrder', exampleInput('createOrder'), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});
