import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildPolicy,
  defaultPolicy,
  loadPolicyFile,
  noApprovalPolicy,
  PolicyError,
  requirementFor,
} from './policy';

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
    for (const id of [
      'createInternalTransfer',
      'createSvcTransfer',
      'createOrchestration',
      'createOrchestrationRule',
    ] as const) {
      expect(requirementFor(policy, id, transfer('10'))).toEqual({
        approversNeeded: 1,
        roles: ['finance', 'admin'],
        maxWaitMs: 24 * 3_600_000,
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
    // An asset the default does not list: one approval, whatever the amount.
    expect(needed('99999999', 'PAXG')).toBe(1);
  });
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
