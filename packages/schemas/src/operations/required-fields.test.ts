import { describe, expect, it } from 'vitest';
import { parseWith } from '../errors';
import { exampleInput } from '../fixtures';
import { operations, type WriteOperationId } from '../registry';

/** The fields each request cannot do without (the spec's "Required: yes", and the console's choices in docs/decisions). */
const REQUIRED: Partial<Record<WriteOperationId, string[]>> = {
  createInternalTransfer: ['from_profile_id', 'to_profile_id', 'amount', 'asset'],
  createSvcTransfer: ['from_profile_id', 'to_profile_id', 'amount', 'asset'],
  createOrchestrationRule: ['ref_id', 'profile_id', 'source_asset', 'destination_asset', 'source'],
  createDepositAddress: ['profile_id', 'crypto_network'],
  createOrder: ['profile_id', 'side', 'market', 'type'],
  updateFiatAccount: ['id'],
  createCryptoWithdrawalFee: ['asset', 'destination_address', 'crypto_network'],
  createOrchestration: [
    'profile_id',
    'source_asset',
    'source',
    'destination_asset',
    'destination',
    'source_amount',
  ],
};

const cases = Object.entries(REQUIRED).flatMap(([id, fields]) =>
  fields.map((field) => [id as WriteOperationId, field] as const),
);

describe('required fields', () => {
  it.each(cases)('%s without %s is refused at that field', (id, field) => {
    const input: Record<string, unknown> = { ...exampleInput(id) };
    delete input[field];
    if (id === 'createOrder' && field === 'side') delete input.quote_amount;
    const result = parseWith(operations[id].request, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.path)).toContain(field);
  });

  it('an empty fiat account update changes nothing and is refused', () => {
    const result = parseWith(operations.updateFiatAccount.request, {
      id: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701',
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          path: '',
          message: 'Change at least one of the owner, the network instructions or the metadata',
        },
      ],
    });
  });

  it('a transfer to the same profile and account is refused', () => {
    const input = {
      ...exampleInput('createInternalTransfer'),
      to_profile_id: exampleInput('createInternalTransfer').from_profile_id,
    };
    const result = parseWith(operations.createInternalTransfer.request, input);
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['to_profile_id']);
  });

  it.each(['metadata', 'recipient_metadata'] as const)(
    'every metadata object is limited: %s',
    (field) => {
      const seven = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`k${i}`, 'v']));
      const result = parseWith(operations.createSvcTransfer.request, {
        ...exampleInput('createSvcTransfer'),
        [field]: seven,
      });
      expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual([field]);
    },
  );

  it('fiat account metadata, nested instructions metadata included, is limited', () => {
    const long = { k: 'v'.repeat(101) };
    const result = parseWith(operations.updateFiatAccount.request, {
      id: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701',
      fiat_network_instructions: { metadata: long },
      metadata: long,
    });
    expect(result.ok ? [] : result.errors.map((e) => e.path).sort()).toEqual([
      'fiat_network_instructions.metadata.k',
      'metadata.k',
    ]);
  });
});

describe('source and destination of orchestrations and rules', () => {
  const base = exampleInput('createOrchestration');
  const check = (source: unknown, destination: unknown) => {
    const result = parseWith(operations.createOrchestration.request, {
      ...base,
      source,
      destination,
    });
    return result.ok ? [] : result.errors;
  };

  it.each([
    ['crypto by address id', { crypto: { address_id: 'a-1' } }],
    ['crypto by address and network', { crypto: { address: '0xabc', network: 'ETHEREUM' } }],
    ['fiat', { fiat: { deposit_instructions_id: 'd-1', network: 'WIRE', memo_id: 'm' } }],
    ['profile', { profile: { profile_id: 'p-1' } }],
  ])('accepts a %s source', (_name, source) => {
    expect(check(source, base.destination)).toEqual([]);
  });

  it.each([
    ['crypto', { crypto: { address: '0xabc', network: 'BASE' } }],
    ['fiat', { fiat: { fiat_account_id: 'f-1', memo: 'invoice 7' } }],
    ['profile', { profile: { profile_id: 'p-2' } }],
  ])('accepts a %s destination', (_name, destination) => {
    expect(check(base.source, destination)).toEqual([]);
  });

  it.each([
    ['no rail', {}, 'source', 'Choose where the funds come from: crypto, fiat or profile'],
    [
      'two rails',
      { profile: { profile_id: 'p' }, fiat: { deposit_instructions_id: 'd' } },
      'source',
      'Give only one of crypto, fiat or profile as the source',
    ],
    [
      'a crypto source without address',
      { crypto: { network: 'BITCOIN' } },
      'source.crypto.address_id',
      'Give the address id or the address of the crypto source',
    ],
    [
      'a fiat source without instructions',
      { fiat: { memo_id: 'm' } },
      'source.fiat.deposit_instructions_id',
      'Deposit instructions id is required',
    ],
    ['an unknown member', { bank: {} }, 'source.bank', 'bank is not a field of this request'],
  ])('refuses %s', (_name, source, path, message) => {
    expect(check(source, base.destination)).toContainEqual({ path, message });
  });

  it('refuses a crypto destination without its network', () => {
    expect(check(base.source, { crypto: { address: '0xabc' } })).toEqual([
      { path: 'destination.crypto.network', message: 'Crypto network is required' },
    ]);
  });

  it('lets a rule go without a destination but never without a source', () => {
    const rule = exampleInput('createOrchestrationRule');
    const { destination: _d, ...withoutDestination } = rule;
    expect(parseWith(operations.createOrchestrationRule.request, withoutDestination).ok).toBe(true);
    const { source: _s, ...withoutSource } = rule;
    expect(parseWith(operations.createOrchestrationRule.request, withoutSource).ok).toBe(false);
  });
});

describe('the source of an orchestration rule names the rail it watches (ADR 002)', () => {
  const rule = exampleInput('createOrchestrationRule');
  const check = (source: unknown) => {
    const result = parseWith(operations.createOrchestrationRule.request, { ...rule, source });
    return result.ok ? [] : result.errors;
  };

  it.each([
    ['a crypto network only, the service’s own example', { crypto: { network: 'ETHEREUM' } }],
    ['a fiat network and account type', { fiat: { network: 'WIRE', account_type: 'SWIFT' } }],
    ['CUBIX with ABA', { fiat: { network: 'CUBIX', account_type: 'ABA' } }],
    ['existing deposit instructions', { fiat: { deposit_instructions_id: 'd-1' } }],
    ['an existing address', { crypto: { address_id: 'a-1' } }],
  ])('accepts %s', (_name, source) => {
    expect(check(source)).toEqual([]);
  });

  it.each([
    [
      'an empty crypto source',
      { crypto: {} },
      'source.crypto.network',
      'Give the network whose deposits the rule watches',
    ],
    [
      'a fiat network without its account type',
      { fiat: { network: 'WIRE' } },
      'source.fiat.account_type',
      'Account type is required unless deposit instructions are named',
    ],
    [
      'a fiat network the appendix does not list',
      { fiat: { network: 'SEPA', account_type: 'SWIFT' } },
      'source.fiat.network',
      'Network must be one of WIRE, CUBIX',
    ],
    [
      'two rails',
      { crypto: { network: 'ETHEREUM' }, fiat: { network: 'WIRE', account_type: 'ABA' } },
      'source',
      'Give only one of crypto, fiat or profile as the source',
    ],
  ])('refuses %s', (_name, source, path, message) => {
    expect(check(source)).toContainEqual({ path, message });
  });

  it('still asks an orchestration’s crypto source for its address', () => {
    const result = parseWith(operations.createOrchestration.request, {
      ...exampleInput('createOrchestration'),
      source: { crypto: { network: 'ETHEREUM' } },
    });
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['source.crypto.address_id']);
  });
});
