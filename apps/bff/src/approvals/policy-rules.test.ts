import { exampleInput, type PolicyDocumentV2Input } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { requirementFor } from '../../test/policy-requirement';
import { policyFactsOf } from '../rules/policy-facts';
import { buildPolicy, decideByRules, policyRolesOf } from './policy';
import { PolicyError } from './policy-file';

/** A policy of format 2: rules as data, first match wins (issue 38). */
const document = (over: Partial<PolicyDocumentV2Input> = {}): PolicyDocumentV2Input => ({
  format: 2,
  max_wait_hours: 12,
  rules: [
    {
      id: 'big-usd',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      amount: { above: '10000' },
      action: {
        kind: 'escalate',
        approvers: 2,
        roles: ['finance', 'admin'],
        escalate_to: ['admin'],
        max_wait_hours: 6,
      },
    },
    {
      id: 'usd',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      action: { kind: 'hold', approvers: 1, roles: ['finance', 'admin'] },
    },
    {
      id: 'no-eur',
      operations: ['createInternalTransfer'],
      assets: ['EUR'],
      action: { kind: 'refuse', reason: 'Euros leave through the service transfer only.' },
    },
    { id: 'orders', operations: ['createOrder'], assets: 'any', action: { kind: 'send' } },
  ],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
  limits: [],
  ...over,
});

const transfer = (amount: string, asset = 'USD') => ({
  ...exampleInput('createInternalTransfer'),
  amount,
  asset,
});

function problemsOf(input: unknown): string[] {
  try {
    buildPolicy(input);
  } catch (error) {
    if (error instanceof PolicyError) return error.problems;
    throw error;
  }
  return [];
}

describe('a policy of format 2 decides a send by its rules', () => {
  const policy = buildPolicy(document());

  it('holds a transfer above the band for two approvers, one of them an admin, for its own wait', () => {
    expect(requirementFor(policy, 'createInternalTransfer', transfer('10000.01'))).toEqual({
      approversNeeded: 2,
      roles: ['finance', 'admin'],
      maxWaitMs: 6 * 3_600_000,
      escalation: {
        liftRoles: ['admin'],
        reason: "The policy's rule big-usd asks that one of its approvers be from admin.",
      },
    });
  });

  it('holds one at the band’s edge for one approver, waiting the document’s hours', () => {
    expect(requirementFor(policy, 'createInternalTransfer', transfer('10000'))).toEqual({
      approversNeeded: 1,
      roles: ['finance', 'admin'],
      maxWaitMs: 12 * 3_600_000,
    });
  });

  it('refuses what a refusing rule matches, asking nothing before it', () => {
    const facts = policyFactsOf('createInternalTransfer', transfer('1', 'EUR'), 'finance');
    const { decision, requirement } = decideByRules(policy, facts);
    expect(decision).toMatchObject({
      rule: 'no-eur',
      action: { kind: 'refuse', reason: 'Euros leave through the service transfer only.' },
    });
    expect(requirement).toBeUndefined();
  });

  it('sends at once what a sending rule matches, and holds what no rule matches', () => {
    expect(requirementFor(policy, 'createOrder', exampleInput('createOrder'))).toBeUndefined();
    expect(requirementFor(policy, 'createSvcTransfer', exampleInput('createSvcTransfer'))).toEqual({
      approversNeeded: 1,
      roles: ['admin'],
      maxWaitMs: 12 * 3_600_000,
    });
  });

  it.each([
    [['admin'], 'admin'],
    [['finance', 'admin'], 'finance or admin'],
    [['support', 'finance', 'admin'], 'support, finance or admin'],
  ] as const)('an escalation to %j reads "from %s"', (escalateTo, words) => {
    const escalating = buildPolicy(
      document({
        rules: [
          {
            id: 'all',
            operations: 'any',
            assets: 'any',
            action: {
              kind: 'escalate',
              approvers: 2,
              roles: ['support', 'finance', 'admin'],
              escalate_to: [...escalateTo],
            },
          },
        ],
      }),
    );
    const requirement = requirementFor(escalating, 'createInternalTransfer', transfer('1'));
    expect(requirement?.escalation?.reason).toBe(
      `The policy's rule all asks that one of its approvers be from ${words}.`,
    );
  });
});

describe('whose approval counts under a policy of format 2', () => {
  const policy = buildPolicy(document());

  it.each([
    [
      'a transfer its rules hold: their roles and the default’s',
      'createInternalTransfer',
      ['finance', 'admin'],
    ],
    ['an operation only the default holds: the default’s', 'createSvcTransfer', ['admin']],
    ['an order it always sends at once: no role is kept to', 'createOrder', undefined],
    ['a console action: its own rule decides', 'addAllowedDestination', undefined],
  ] as const)('%s', (_, operation, roles) => {
    expect(policyRolesOf(policy, operation)).toEqual(roles);
  });
});

describe('a policy of format 2 that cannot be read', () => {
  it.each([
    [
      'an approver count the rules do not know',
      document({
        rules: [
          {
            id: 'r',
            operations: 'any',
            assets: 'any',
            action: { kind: 'hold', approvers: 3 as 1, roles: ['admin'] },
          },
        ],
      }),
      /^rules\.0\.action\.approvers: Approvers must be 1 or 2$/,
    ],
    [
      'a limit that is not a decimal',
      document({
        limits: [
          { role: 'finance', side: 'initiate', asset: 'USD', window: '24h', max: 'ten' },
        ] as PolicyDocumentV2Input['limits'],
      }),
      /^limits\.0\.max: /,
    ],
    [
      'the same limit twice',
      document({
        limits: [
          { role: 'finance', side: 'initiate', asset: 'USD', window: '24h', max: '10' },
          { role: 'finance', side: 'initiate', asset: 'USD', window: '24h', max: '20' },
        ] as PolicyDocumentV2Input['limits'],
      }),
      /^limits\.1: the same limit as limits\.0/,
    ],
  ])('is refused for %s, naming the member', (_, input, problem) => {
    expect(problemsOf(input)).toEqual([expect.stringMatching(problem)]);
  });

  it('a document that is not an object is refused as a file, not a crash', () => {
    expect(problemsOf(null)).toEqual([expect.stringMatching(/^\(file\): /)]);
  });
});
