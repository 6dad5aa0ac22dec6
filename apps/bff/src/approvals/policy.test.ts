import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPolicy, defaultPolicy, loadPolicyFile, noApprovalPolicy } from './policy';
import { DEFAULT_POLICY_FILE, DEFAULT_TWO_ABOVE, PolicyError } from './policy-file';
import { thresholdAmount } from '../rules/send-amount';
import { requirementFor } from '../../test/policy-requirement';
import {
  ASSET_PRECISION,
  exampleInput,
  HELD_EFFECTS,
  operations,
  WRITE_OPERATION_IDS,
} from '@console/schemas';

const transfer = (amount: string, asset = 'USD') => ({ amount, asset, from_profile_id: 'a' });

function problemsOf(input: unknown): string[] {
  try {
    buildPolicy(input);
  } catch (error) {
    if (error instanceof PolicyError) return error.problems;
    throw error;
  }
  return [];
}

describe('the default policy', () => {
  const policy = defaultPolicy();

  it('asks one approval from finance or admin for transfers, orchestrations and rules', () => {
    // A passkey for what moves money (issue 61); a rule moves none.
    const bodies = {
      createInternalTransfer: [transfer('10'), { passkey: true }],
      createSvcTransfer: [transfer('10'), { passkey: true }],
      createOrchestration: [{ source_amount: '10', source_asset: 'USD' }, { passkey: true }],
      createOrchestrationRule: [{}, {}],
    } as const;
    for (const [id, [body, signed]] of Object.entries(bodies) as [
      keyof typeof bodies,
      [object, object],
    ][]) {
      expect(requirementFor(policy, id, body as Record<string, unknown>)).toEqual({
        approversNeeded: 1,
        roles: ['finance', 'admin'],
        maxWaitMs: 24 * 3_600_000,
        ...signed,
      });
    }
  });

  it('asks support or admin for fiat account updates, and nothing for the others', () => {
    expect(requirementFor(policy, 'updateFiatAccount', {})?.roles).toEqual(['support', 'admin']);
    for (const id of [
      'createOrder',
      'createDepositAddress',
      'createCryptoWithdrawalFee',
    ] as const) {
      expect(requirementFor(policy, id, {})).toBeUndefined();
    }
  });

  it('asks two approvals above the amount per asset, compared as decimals', () => {
    const needed = (amount: string, asset?: string) =>
      requirementFor(policy, 'createInternalTransfer', transfer(amount, asset))?.approversNeeded;
    expect(needed('10000')).toBe(1);
    expect(needed('10000.000000000000000001')).toBe(2);
    expect(needed('9999.999999999999999999')).toBe(1);
    expect(needed('0.25', 'BTC')).toBe(1);
    expect(needed('0.250000000000000001', 'BTC')).toBe(2);
    expect(needed('4', 'PAXG')).toBe(1);
    expect(needed('4.000000000000000001', 'PAXG')).toBe(2);
  });

  it('has a two-approver amount for every asset the console knows, and two for any other', () => {
    expect(Object.keys(ASSET_PRECISION).filter((asset) => !(asset in DEFAULT_TWO_ABOVE))).toEqual(
      [],
    );
    const needed = (amount: string, asset: string) =>
      requirementFor(policy, 'createInternalTransfer', transfer(amount, asset))?.approversNeeded;
    // A USD stablecoin, a currency and coins that the first table forgot (issue 32, finding 5).
    expect(needed('250000', 'USDP')).toBe(2);
    expect(needed('250000', 'SGD')).toBe(2);
    expect(needed('1000', 'LTC')).toBe(2);
    // An asset the console does not know: two, at any amount (fail closed).
    expect(needed('0.01', 'DOGE')).toBe(2);
    expect(needed('0.01', 'GBP')).toBe(2);
  });
});

describe('the built-in policy and the registry', () => {
  it.each(WRITE_OPERATION_IDS)(
    '%s is held by default exactly when its registry entry says (what it does: ADR 006)',
    (id) => {
      const body = exampleInput(id) as Record<string, unknown>;
      const held = requirementFor(defaultPolicy(), id, body) !== undefined;
      expect(held).toBe(HELD_EFFECTS.includes(operations[id].approval.because));
    },
  );
});

describe('a policy file', () => {
  it('keeps the built-in rule for operations it does not name', () => {
    const policy = buildPolicy({ operations: { createOrder: { required: true } } });
    expect(requirementFor(policy, 'createOrder', {})?.roles).toEqual(['finance', 'admin']);
    expect(requirementFor(policy, 'createSvcTransfer', transfer('1'))).toBeDefined();
  });

  it('applies required_above, two_above with *, approvers and its waiting limits', () => {
    const policy = buildPolicy({
      max_wait_hours: 2,
      operations: {
        createInternalTransfer: {
          required: true,
          required_above: { USD: '1000' },
          two_above: { '*': '5000' },
          max_wait_hours: 1,
        },
        createOrchestration: { required: true, approvers: 2, roles: ['admin'] },
      },
    });
    const internal = (amount: string) =>
      requirementFor(policy, 'createInternalTransfer', transfer(amount));
    expect(internal('1000')).toBeUndefined();
    expect(internal('1000.01')).toMatchObject({ approversNeeded: 1, maxWaitMs: 3_600_000 });
    expect(internal('5000.01')?.approversNeeded).toBe(2);
    expect(
      requirementFor(policy, 'createOrchestration', { source_amount: '1', source_asset: 'USD' }),
    ).toEqual({ approversNeeded: 2, roles: ['admin'], maxWaitMs: 2 * 3_600_000 });
  });

  it.each([
    [{ operations: { createThing: { required: true } } }, /operations/],
    [{ operations: { createOrder: { required: 'yes' } } }, /operations\.createOrder\.required/],
    [
      { operations: { createOrder: { required: true, approvers: 3 } } },
      /operations\.createOrder\.approvers: must be 1 or 2/,
    ],
    [
      { operations: { createSvcTransfer: { required: true, roles: ['viewer'] } } },
      /operations\.createSvcTransfer\.roles\.0: .*viewer can never approve/,
    ],
    [
      { operations: { createSvcTransfer: { required: true, two_above: { USD: '1e4' } } } },
      /operations\.createSvcTransfer\.two_above\.USD: must be a decimal/,
    ],
    [
      { operations: { createDepositAddress: { required: true, two_above: { USD: '1' } } } },
      /operations\.createDepositAddress: createDepositAddress has no amount/,
    ],
    [
      { operations: { createSvcTransfer: { required: true, two_above: { USD: '10000' } } } },
      /operations\.createSvcTransfer\.two_above: give "\*" too/,
    ],
    [{ max_wait_hours: 0 }, /max_wait_hours/],
    [{ operation: {} }, /operation/],
  ])('refuses %j, naming the bad member', (input, message) => {
    const problems = problemsOf(input);
    expect(problems.join('\n')).toMatch(message);
  });

  it('is read from disk; an unreadable or non-JSON file is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-'));
    const file = join(dir, 'policy.json');
    writeFileSync(file, JSON.stringify({ operations: { createOrder: { required: false } } }));
    expect(requirementFor(loadPolicyFile(file), 'createOrder', {})).toBeUndefined();
    writeFileSync(file, '{ not json');
    expect(() => loadPolicyFile(file)).toThrow(/is not JSON/);
    expect(() => loadPolicyFile(join(dir, 'missing.json'))).toThrow(/cannot read .*ENOENT/);
  });

  it('noApprovalPolicy holds nothing', () => {
    expect(requirementFor(noApprovalPolicy(), 'createInternalTransfer', transfer('1e9'))).toBe(
      undefined,
    );
  });
});

describe('thresholds per operation', () => {
  const policy = defaultPolicy();

  it.each([
    ['10000', 1],
    ['10000.01', 2],
  ] as const)(
    'the default asks for a service transfer of %s USD %i approval(s), like an internal one',
    (amount, approvers) => {
      expect(requirementFor(policy, 'createSvcTransfer', transfer(amount))?.approversNeeded).toBe(
        approvers,
      );
    },
  );

  it.each([
    ['10000', 1],
    ['10000.01', 2],
  ] as const)(
    'the default asks for an orchestration of %s USD %i approval(s)',
    (amount, approvers) => {
      expect(
        requirementFor(policy, 'createOrchestration', {
          source_amount: amount,
          source_asset: 'USD',
        }),
      ).toEqual({
        approversNeeded: approvers,
        roles: ['finance', 'admin'],
        maxWaitMs: 24 * 3_600_000,
        passkey: true,
      });
    },
  );

  const file = buildPolicy({
    operations: {
      createSvcTransfer: {
        required: true,
        required_above: { USD: '500', '*': '50' },
        two_above: { BTC: '100', '*': '1000000' },
      },
      createOrchestration: {
        required: true,
        required_above: { EUR: '1000' },
        two_above: { EUR: '5000', '*': '0' },
      },
    },
  });
  const svc = (amount: string, asset: string) =>
    requirementFor(file, 'createSvcTransfer', transfer(amount, asset))?.approversNeeded ?? 0;
  const orchestration = (source_amount: string, source_asset: string) =>
    requirementFor(file, 'createOrchestration', { source_amount, source_asset })?.approversNeeded ??
    0;

  it.each([
    ['500 USD, at its own limit: sent at once', '500', 'USD', 0],
    ['500.01 USD, above it: one approval', '500.01', 'USD', 1],
    ['50 ETH, at the * limit: sent at once', '50', 'ETH', 0],
    ['50.000001 ETH, above the * limit', '50.000001', 'ETH', 1],
    ['100.00000001 BTC, above the two-approver amount', '100.00000001', 'BTC', 2],
    ['100 BTC, at the two-approver amount', '100', 'BTC', 1],
  ] as const)('a service transfer of %s', (_, amount, asset, approvers) => {
    expect(svc(amount, asset)).toBe(approvers);
  });

  it.each([
    ['1000 EUR, at its limit: sent at once', '1000', 'EUR', 0],
    ['1000.01 EUR: one approval', '1000.01', 'EUR', 1],
    ['5000.01 EUR: two approvals', '5000.01', 'EUR', 2],
    ['5000 EUR: one approval', '5000', 'EUR', 1],
  ] as const)('an orchestration of %s (its source amount)', (_, amount, asset, approvers) => {
    expect(orchestration(amount, asset)).toBe(approvers);
  });

  it.each([
    ['an asset the table does not list, however small (two: its * is 0)', '0.01', 'USD', 2],
    ['an amount that is not a decimal string (two: its size is not known)', '', 'EUR', 2],
  ] as const)('always holds an orchestration in %s', (_, amount, asset, approvers) => {
    expect(orchestration(amount, asset)).toBe(approvers);
  });

  it('holds an orchestration without a source amount for two, never comparing it', () => {
    expect(requirementFor(file, 'createOrchestration', { source_asset: 'EUR' })).toMatchObject({
      approversNeeded: 2,
    });
  });

  it('compares only decimal strings: a JSON number is never taken for an amount', () => {
    // The pipeline refuses a number before the policy sees it; the policy never reads it as one:
    // an amount it cannot read is of unknown size, so a two-approver table asks two.
    expect(
      requirementFor(policy, 'createInternalTransfer', { amount: 5, asset: 'USD' }),
    ).toMatchObject({
      approversNeeded: 2,
    });
    expect(requirementFor(file, 'createSvcTransfer', { amount: 1, asset: 'USD' })).toMatchObject({
      approversNeeded: 2,
    });
  });

  it('a two-approver table without required_above holds every amount, two above it', () => {
    const twoOnly = buildPolicy({
      operations: { createSvcTransfer: { required: true, two_above: { '*': '100' } } },
    });
    const needed = (amount: string, asset: string) =>
      requirementFor(twoOnly, 'createSvcTransfer', transfer(amount, asset))?.approversNeeded;
    expect(needed('0.01', 'USD')).toBe(1);
    expect(needed('100', 'USD')).toBe(1);
    expect(needed('100.01', 'USD')).toBe(2);
    // An asset the console does not know is held as if above `*` (a band needs named assets:
    // read as rules, the file fails closed there, ADR 025).
    expect(needed('1', 'GBP')).toBe(2);
  });

  it('a rule not required is sent at once whatever its tables say', () => {
    const off = buildPolicy({
      operations: { createSvcTransfer: { required: false, two_above: { USD: '1', '*': '1' } } },
    });
    expect(requirementFor(off, 'createSvcTransfer', transfer('1000000'))).toBeUndefined();
  });
});

describe('which roles approve when a policy names an operation without roles', () => {
  it.each([
    ['updateFiatAccount', ['support', 'admin']],
    ['deleteFiatAccount', ['support', 'admin']],
    ['createInternalTransfer', ['finance', 'admin']],
    ['createOrder', ['finance', 'admin']],
  ] as const)('%s: the roles of the registry, %j', (id, roles) => {
    const policy = buildPolicy({ operations: { [id]: { required: true } } });
    const requirement = requirementFor(policy, id, transfer('1'));
    expect(requirement?.roles).toEqual(roles);
  });

  it('support changes to fiat accounts are never approved by finance by accident', () => {
    const policy = buildPolicy({
      operations: { updateFiatAccount: { required: true, approvers: 2 } },
    });
    expect(requirementFor(policy, 'updateFiatAccount', {})).toEqual({
      approversNeeded: 2,
      roles: ['support', 'admin'],
      maxWaitMs: 24 * 3_600_000,
    });
  });

  it('roles a policy names replace the registry’s', () => {
    const policy = buildPolicy({
      operations: { updateFiatAccount: { required: true, roles: ['admin'] } },
    });
    expect(requirementFor(policy, 'updateFiatAccount', {})?.roles).toEqual(['admin']);
  });
});

describe('asset codes in a policy file, as the service spells them', () => {
  const withCode = (code: string) =>
    problemsOf({
      operations: { createSvcTransfer: { required: true, two_above: { [code]: '1', '*': '2' } } },
    });

  it.each(['USD', 'USDP', 'PAXG', 'MATIC', '*', 'A', 'A'.repeat(20), 'X1'])(
    'accepts %s',
    (code) => {
      expect(withCode(code)).toEqual([]);
    },
  );

  it.each(['usd', 'Usd', 'US D', 'US-D', 'A'.repeat(21), '', '**', 'USD*', '*USD', ' USD', 'USD '])(
    'refuses %j, naming it',
    (code) => {
      expect(withCode(code)).toEqual([
        expect.stringMatching(
          /^operations\.createSvcTransfer\.two_above\..*must be an asset code or \*/,
        ),
      ]);
    },
  );

  it('refuses a bad code in required_above too', () => {
    expect(
      problemsOf({
        operations: { createSvcTransfer: { required: true, required_above: { btc: '1' } } },
      }).join('\n'),
    ).toMatch(/required_above\.btc.*must be an asset code/);
  });
});

describe('the other checks of a policy file', () => {
  it.each([
    [{ max_wait_hours: 720 }, []],
    [{ max_wait_hours: 0.5 }, []],
    [{ operations: { createOrder: { required: true, max_wait_hours: 720 } } }, []],
    [{ operations: { createOrder: { required: true, two_above: { USD: '1', '*': '0' } } } }, []],
  ])('accepts %j', (input, problems) => {
    expect(problemsOf(input)).toEqual(problems);
  });

  it.each([
    [{ max_wait_hours: 721 }, /^max_wait_hours: /],
    [{ max_wait_hours: -1 }, /^max_wait_hours: /],
    [
      { operations: { createOrder: { required: true, max_wait_hours: 721 } } },
      /^operations\.createOrder\.max_wait_hours: /,
    ],
    [
      { operations: { createOrder: { required: true, max_wait_hours: 0 } } },
      /^operations\.createOrder\.max_wait_hours: /,
    ],
    [
      { operations: { createOrder: { required: true, roles: [] } } },
      /^operations\.createOrder\.roles: must name at least one role$/,
    ],
    [
      { operations: { createOrder: { required: true, surprise: 1 } } },
      /^operations\.createOrder: /,
    ],
    ['a string', /^\(file\): /],
    [
      { operations: { createOrder: { required: true, two_above: { USD: 'ten' } } } },
      /^operations\.createOrder\.two_above\.USD: must be a decimal string such as "10000"$/,
    ],
    [
      { operations: { createOrder: { required: true, approvers: 3 } } },
      /^operations\.createOrder\.approvers: must be 1 or 2$/,
    ],
    [
      { operations: { createOrder: { required: true, roles: ['viewer'] } } },
      /^operations\.createOrder\.roles\.0: must be admin, finance or support \(a viewer can never approve\)$/,
    ],
  ])('refuses %j with one problem naming the member', (input, message) => {
    const problems = problemsOf(input);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('names every operation without an amount that was given thresholds, one per line', () => {
    const error = (() => {
      try {
        buildPolicy({
          operations: {
            createDepositAddress: { required: true, required_above: { USD: '1' } },
            cancelOrder: { required: true, two_above: { USD: '1' } },
          },
        });
      } catch (e) {
        return e as PolicyError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(PolicyError);
    expect(error?.name).toBe('PolicyError');
    expect(error?.problems).toEqual([
      'operations.createDepositAddress: createDepositAddress has no amount, so it takes no required_above or two_above',
      'operations.cancelOrder: cancelOrder has no amount, so it takes no required_above or two_above',
    ]);
    expect(error?.message).toBe(error?.problems.join('; '));
  });

  it('waits max_wait_hours of the file, in milliseconds, unless the rule sets its own', () => {
    const policy = buildPolicy({
      max_wait_hours: 3,
      operations: { createOrder: { required: true } },
    });
    expect(policy.maxWaitMs).toBe(3 * 3_600_000);
    expect(requirementFor(policy, 'createOrder', {})?.maxWaitMs).toBe(3 * 3_600_000);
    expect(defaultPolicy().maxWaitMs).toBe(24 * 3_600_000);
  });

  it('the built-in policy file is what the registry and the two-approver table say', () => {
    expect(DEFAULT_POLICY_FILE.max_wait_hours).toBe(24);
    expect(DEFAULT_POLICY_FILE.operations.createInternalTransfer).toEqual({
      required: true,
      roles: ['finance', 'admin'],
      two_above: DEFAULT_TWO_ABOVE,
      passkey: true,
    });
    // Issue 61: a passkey for what moves money, a policy version and a book entry; not for
    // an orchestration rule, which moves none.
    expect(DEFAULT_POLICY_FILE.operations.createOrchestrationRule).not.toHaveProperty('passkey');
    expect(DEFAULT_POLICY_FILE.passkeys).toEqual({ console_actions: true });
    expect(DEFAULT_POLICY_FILE.operations.createSvcTransfer).toMatchObject({
      two_above: DEFAULT_TWO_ABOVE,
    });
    expect(DEFAULT_POLICY_FILE.operations.createOrchestration).toEqual({
      required: true,
      roles: ['finance', 'admin'],
      two_above: DEFAULT_TWO_ABOVE,
      passkey: true,
    });
    expect(DEFAULT_POLICY_FILE.operations.createOrder).toEqual({ required: false });
    expect(DEFAULT_TWO_ABOVE).toEqual({
      USD: '10000',
      EUR: '10000',
      SGD: '13000',
      USDP: '10000',
      BTC: '0.25',
      ETH: '5',
      PAXG: '4',
      BCH: '25',
      LTC: '100',
      LINK: '700',
      MATIC: '20000',
      AAVE: '60',
      UNI: '1000',
      '*': '0',
    });
  });
});

describe('the amount a threshold compares', () => {
  it.each([
    ['an internal transfer', 'createInternalTransfer', { amount: '5', asset: 'BTC' }, 'BTC', '5'],
    ['a service transfer', 'createSvcTransfer', { amount: '7.5', asset: 'EUR' }, 'EUR', '7.5'],
    [
      'an orchestration',
      'createOrchestration',
      { source_amount: '9', source_asset: 'USDP' },
      'USDP',
      '9',
    ],
    ['a market buy', 'createOrder', { market: 'BTCUSD', quote_amount: '25.00' }, 'USD', '25'],
    [
      'a limit order',
      'createOrder',
      { market: 'ETHEUR', base_amount: '2', price: '1500.5' },
      'EUR',
      '3001',
    ],
    [
      'a stop market order, by its stop price',
      'createOrder',
      { market: 'BTCUSD', base_amount: '0.5', stop_price: '60000' },
      'USD',
      '30000',
    ],
  ] as const)('of %s', (_, id, body, asset, amount) => {
    const found = thresholdAmount(id, body);
    expect(found?.asset).toBe(asset);
    expect(found?.amount?.toString()).toBe(amount);
  });

  it.each([
    [
      'an order in a market the console does not know',
      { market: 'DOGEUSD', quote_amount: '1' },
      '',
    ],
    ['an order without a market', { quote_amount: '1' }, ''],
    ['a market sell', { market: 'BTCUSD', base_amount: '1' }, 'USD'],
    ['an order with a price but no base amount', { market: 'BTCUSD', price: '1' }, 'USD'],
  ])('is unknown for %s (a threshold then holds it)', (_, body, asset) => {
    expect(thresholdAmount('createOrder', body)).toEqual({ asset, amount: undefined });
  });

  it('does not exist for an operation without an amount', () => {
    expect(thresholdAmount('createDepositAddress', { amount: '1', asset: 'USD' })).toBeUndefined();
  });

  it('takes a transfer without an asset as the empty asset', () => {
    expect(thresholdAmount('createInternalTransfer', { amount: '1' })?.asset).toBe('');
  });
});
