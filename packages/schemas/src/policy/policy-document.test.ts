import { describe, expect, it } from 'vitest';
import { fieldMeta } from '../primitives/field-meta';
import { PolicyDocumentV2Schema, PolicyRuleSchema } from './policy-document';

const base = {
  format: 2,
  rules: [],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
};
const rule = { id: 'r1', operations: 'any', assets: 'any', action: { kind: 'send' } };

const problems = (input: unknown) =>
  PolicyDocumentV2Schema.safeParse(input).error?.issues.map(
    (i) => `${i.path.join('.')}: ${i.message}`,
  ) ?? [];

describe('PolicyDocumentV2Schema', () => {
  it('fills max_wait_hours (24), the market order margin (2 %), each rule’s destination and initiator roles ("any"), and limits', () => {
    expect(PolicyDocumentV2Schema.parse({ ...base, rules: [rule] })).toEqual({
      ...base,
      max_wait_hours: 24,
      market_order_margin_percent: '2',
      limits: [],
      rules: [{ ...rule, destination: 'any', initiator_roles: 'any' }],
    });
  });

  it('passes limits and the book’s settings through for the BFF to validate', () => {
    const limits = [{ anything: 1 }];
    const destination_book = { cooling_off_hours: { 'fiat-account': 48 } };
    expect(PolicyDocumentV2Schema.parse({ ...base, limits, destination_book })).toMatchObject({
      limits,
      destination_book,
    });
  });

  it.each([
    [
      'a default that sends',
      { ...base, default_rule: { kind: 'send' } },
      'default_rule.kind: When no rule matches, the send must be held',
    ],
    ['another format', { ...base, format: 1 }, 'format: Format must be 2'],
    [
      'a wait of 0 hours',
      { ...base, max_wait_hours: 0 },
      'max_wait_hours: Wait at most (hours) must be more than 0',
    ],
    [
      'a wait past 30 days',
      { ...base, max_wait_hours: 721 },
      'max_wait_hours: Wait at most (hours) can be at most 720',
    ],
    [
      'a duplicate rule id',
      { ...base, rules: [rule, rule] },
      'rules.1.id: Rule id r1 is used by an earlier rule',
    ],
    [
      'an unknown operation',
      { ...base, rules: [{ ...rule, operations: ['createTransfer'] }] },
      'rules.0.operations: Operations, item 1: is not a write operation',
    ],
    [
      'an empty asset list',
      { ...base, rules: [{ ...rule, assets: [] }] },
      'rules.0.assets: Assets must be "any" or a non-empty list of asset codes',
    ],
    [
      'a lower-case asset',
      { ...base, rules: [{ ...rule, assets: ['usd'] }] },
      'rules.0.assets.0: Asset must be an asset code such as USD',
    ],
    [
      'a band of any asset',
      { ...base, rules: [{ ...rule, amount: { above: '1' } }] },
      'rules.0.assets: An amount band needs named assets',
    ],
    [
      'an empty band',
      { ...base, rules: [{ ...rule, assets: ['USD'], amount: {} }] },
      'rules.0.amount: Amount needs "above", "up_to" or both',
    ],
    [
      'a band with a thousands separator',
      { ...base, rules: [{ ...rule, assets: ['USD'], amount: { above: '10,000' } }] },
      'rules.0.amount.above: Above must be a plain decimal',
    ],
    [
      'an amount as a number',
      { ...base, rules: [{ ...rule, assets: ['USD'], amount: { up_to: 10000 } }] },
      'rules.0.amount.up_to: Up to must be a decimal written as text',
    ],
    [
      'a destination that is no condition',
      { ...base, rules: [{ ...rule, destination: 'somewhere' }] },
      'rules.0.destination: Destination must be "any", "book", "not-book"',
    ],
    [
      'an entry that is no uuid',
      { ...base, rules: [{ ...rule, destination: { entry: 'x' } }] },
      'rules.0.destination.entry: Destination entry must be the id (a UUID)',
    ],
    [
      'a viewer as approver',
      { ...base, rules: [{ ...rule, action: { kind: 'hold', approvers: 1, roles: ['viewer'] } }] },
      'rules.0.action.roles.0: must be admin, finance or support',
    ],
    [
      'three approvers',
      { ...base, rules: [{ ...rule, action: { kind: 'hold', approvers: 3, roles: ['admin'] } }] },
      'rules.0.action.approvers: Approvers must be 1 or 2',
    ],
    [
      'an escalation to nobody',
      {
        ...base,
        rules: [
          {
            ...rule,
            action: { kind: 'escalate', approvers: 2, roles: ['admin'], escalate_to: [] },
          },
        ],
      },
      'rules.0.action.escalate_to: Escalate to must name at least one role',
    ],
    [
      'an escalation to a role that may not approve it',
      {
        ...base,
        rules: [
          {
            ...rule,
            action: { kind: 'escalate', approvers: 2, roles: ['finance'], escalate_to: ['admin'] },
          },
        ],
      },
      'rules.0.action.escalate_to: Escalate to must name roles among the approver roles',
    ],
    [
      'a refusal without a reason',
      { ...base, rules: [{ ...rule, action: { kind: 'refuse', reason: '  ' } }] },
      'rules.0.action.reason: Reason cannot be empty',
    ],
    [
      'an unknown action',
      { ...base, rules: [{ ...rule, action: { kind: 'wait' } }] },
      'rules.0.action.kind: Action must be send, hold, escalate or refuse',
    ],
    [
      'an unknown initiator role',
      { ...base, rules: [{ ...rule, initiator_roles: ['root'] }] },
      'rules.0.initiator_roles: Initiator roles, item 1: is not a role',
    ],
  ])('refuses %s, saying where and why an operator can read', (_, input, expected) => {
    expect(problems(input)).toContainEqual(expect.stringContaining(expected));
  });

  it('accepts each kind of destination condition and action', () => {
    const input = {
      ...base,
      rules: [
        { ...rule, id: 'a', destination: 'book' },
        { ...rule, id: 'b', destination: 'not-book', action: { kind: 'refuse', reason: 'No' } },
        {
          ...rule,
          id: 'c',
          destination: { kind: 'fiat-account' },
          action: { kind: 'hold', approvers: 2, roles: ['support'], max_wait_hours: 4 },
        },
        {
          ...rule,
          id: 'd',
          destination: { entry: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01' },
          action: {
            kind: 'escalate',
            approvers: 2,
            roles: ['finance', 'admin'],
            escalate_to: ['admin'],
          },
        },
      ],
    };
    expect(problems(input)).toEqual([]);
  });

  it('labels its members for the editor', () => {
    expect(fieldMeta(PolicyRuleSchema.shape.id).label).toBe('Rule id');
    expect(fieldMeta(PolicyRuleSchema.shape.assets).label).toBe('Assets');
    expect(fieldMeta(PolicyRuleSchema.shape.initiator_roles).label).toBe('Initiator roles');
  });
});
