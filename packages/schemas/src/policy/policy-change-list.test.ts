import { describe, expect, it } from 'vitest';
import { policyChangeList } from './policy-change-list';
import type { PolicyMemberKind } from './policy-change-table';
import { PolicyDocumentV2Schema, type PolicyDocumentV2Input } from './policy-document';

type Input = PolicyDocumentV2Input;
type Rule = Input['rules'][number];
const doc = (rules: Rule[], extra: Partial<Input> = {}) =>
  PolicyDocumentV2Schema.parse({
    format: 2,
    rules,
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    ...extra,
  });
const r = (id: string, over: Partial<Rule> = {}): Rule => ({
  id,
  operations: ['createInternalTransfer'],
  assets: ['USD'],
  action: { kind: 'send' },
  ...over,
});
const hold = (
  approvers: 1 | 2,
  roles: ('admin' | 'finance' | 'support')[] = ['finance', 'admin'],
) => ({ kind: 'hold', approvers, roles }) as const;
const limit = (over: Record<string, unknown> = {}) => ({
  role: 'finance',
  side: 'initiate',
  asset: 'USD',
  window: '24h',
  max: '50000',
  ...over,
});

// Transfers of USD above 10,000 wait for two; the rest of USD goes at once; EUR is refused.
const RULES = [
  r('big', { amount: { above: '10000' }, action: hold(2) }),
  r('usd'),
  r('no-eur', { assets: ['EUR'], action: { kind: 'refuse', reason: 'No EUR.' } }),
];
const IN_FORCE = doc(RULES, { limits: [limit()] });
const withRules = (rules: Rule[], extra: Partial<Input> = {}) =>
  doc(rules, { limits: [limit()], ...extra });
const replace = (id: string, over: Partial<Rule>) =>
  withRules(RULES.map((rule) => (rule.id === id ? { ...rule, ...over } : rule)));

const CASES: {
  name: string;
  after: ReturnType<typeof doc>;
  /** Each change: its member kind, effect and (part of) its text, in the list's order. */
  expected: [PolicyMemberKind, string, string][];
}[] = [
  { name: 'nothing changed', after: withRules(RULES), expected: [] },
  {
    name: 'the policy’s wait',
    after: withRules(RULES, { max_wait_hours: 48 }),
    expected: [['max_wait_hours', 'looser', 'A held request waits at most: 24 h → 48 h, looser']],
  },
  {
    name: 'the market order margin, lowered',
    after: withRules(RULES, { market_order_margin_percent: '0.5' }),
    expected: [
      [
        'market_order_margin_percent',
        'looser',
        "A market order's estimated notional is raised by: 2 % → 0.5 %, looser",
      ],
    ],
  },
  {
    name: 'the market order margin, raised',
    after: withRules(RULES, { market_order_margin_percent: '5' }),
    expected: [['market_order_margin_percent', 'stricter', '2 % → 5 %, stricter']],
  },
  {
    name: 'the default’s approvers, roles and wait',
    after: withRules(RULES, {
      default_rule: { kind: 'hold', approvers: 2, roles: ['admin', 'finance'], max_wait_hours: 2 },
    }),
    expected: [
      ['default_rule.roles', 'looser', 'approver roles: admin → admin or finance, looser'],
      ['default_rule.approvers', 'stricter', 'approvers: 1 approver → 2 approvers, stricter'],
      ['default_rule.max_wait_hours', 'stricter', 'waits at most: 24 h → 2 h, stricter'],
    ],
  },
  {
    name: 'a rule added that sends everything',
    after: withRules([r('all', { operations: 'any', assets: 'any' }), ...RULES]),
    expected: [
      [
        'rules.added',
        'looser',
        'Rule all added at position 1: Any send goes out at once, looser (no approval at all: for example ',
      ],
    ],
  },
  {
    name: 'a rule added that holds what went at once',
    after: withRules([RULES[0]!, r('hold-usd', { action: hold(1) }), ...RULES.slice(1)]),
    expected: [['rules.added', 'stricter', 'Rule hold-usd added at position 2']],
  },
  {
    name: 'a rule added where no send reaches it',
    after: withRules([...RULES, r('late')]),
    expected: [['rules.added', 'neutral', 'Rule late added at position 4: ']],
  },
  {
    name: 'a rule removed',
    after: withRules(RULES.filter((rule) => rule.id !== 'no-eur')),
    expected: [['rules.removed', 'looser', 'Rule no-eur removed from position 3: ']],
  },
  {
    name: 'a threshold raised on a rule that holds',
    after: replace('big', { amount: { above: '20000' } }),
    expected: [
      [
        'rules.amount',
        'looser',
        'Rule big, amount (threshold): above 10,000 → above 20,000, looser (no approval at all: for example internal transfers of USD above 10,000 by admin',
      ],
    ],
  },
  {
    name: 'a threshold lowered on a rule that holds',
    after: replace('big', { amount: { above: '5000' } }),
    expected: [['rules.amount', 'stricter', 'above 10,000 → above 5,000, stricter']],
  },
  {
    name: 'the operations of a rule',
    after: replace('usd', { operations: ['createInternalTransfer', 'createSvcTransfer'] }),
    expected: [['rules.operations', 'looser', 'Rule usd, operations: ']],
  },
  {
    name: 'the assets of a rule',
    after: replace('big', { assets: ['USD', 'EUR'] }),
    expected: [['rules.assets', 'looser', 'Rule big, assets: USD → USD or EUR, looser']],
  },
  {
    name: 'the destination of a rule',
    after: replace('usd', { destination: 'book' }),
    expected: [['rules.destination', 'stricter', 'Rule usd, destination: anywhere → to an active']],
  },
  {
    name: 'who initiates, for a rule',
    after: replace('big', { initiator_roles: ['support'] }),
    expected: [['rules.initiator_roles', 'looser', 'Rule big, initiated by: anyone → a support']],
  },
  {
    name: 'an action of another kind',
    after: replace('big', { action: { kind: 'send' } }),
    expected: [
      [
        'rules.action.kind',
        'looser',
        'Rule big, action: need 2 approvers from finance or admin → go out at once, looser',
      ],
    ],
  },
  {
    name: 'the approvers, roles and wait of a rule that holds',
    after: replace('big', { action: { ...hold(1, ['admin', 'support']), max_wait_hours: 72 } }),
    expected: [
      ['rules.action.approvers', 'looser', 'Rule big, approvers: 2 approvers → 1 approver, looser'],
      ['rules.action.roles', 'looser', 'approver roles: finance or admin → admin or support'],
      ['rules.action.max_wait_hours', 'looser', 'waits at most: 24 h → 72 h, looser'],
    ],
  },
  {
    name: 'the escalation of a rule',
    after: withRules(
      [
        r('big', {
          amount: { above: '10000' },
          action: { ...hold(2), kind: 'escalate', escalate_to: ['finance'] },
        }),
        ...RULES.slice(1),
      ],
      {},
    ),
    expected: [['rules.action.kind', 'stricter', 'Rule big, action: ']],
  },
  {
    name: 'the reason of a refusal',
    after: replace('no-eur', { action: { kind: 'refuse', reason: 'Not in EUR.' } }),
    expected: [['rules.action.reason', 'neutral', 'No EUR. → Not in EUR., neutral']],
  },
  {
    name: 'a move that changes which rule decides',
    after: withRules([RULES[1]!, RULES[0]!, RULES[2]!]),
    expected: [
      [
        'rules.moved',
        'looser',
        'Rule usd moved from position 2 to 1, looser (rule usd now decides internal transfers of USD above 10,000 by admin, which rule big decided: need 2 approvers from finance or admin → go out at once)',
      ],
    ],
  },
  {
    name: 'a move that changes nothing decided',
    after: withRules([RULES[2]!, RULES[0]!, RULES[1]!]),
    expected: [
      [
        'rules.moved',
        'neutral',
        'Rule no-eur moved from position 3 to 1, neutral (no send is decided by another rule)',
      ],
    ],
  },
  {
    name: 'a limit raised, escalating, lifted by more roles',
    after: withRules(RULES, {
      limits: [limit({ max: '90000', over: 'escalate', lift_roles: ['admin', 'finance'] })],
    }),
    expected: [
      [
        'limits.max',
        'looser',
        'Limit of the finance role, initiate USD per 24h, at most: 50,000 → 90,000, looser',
      ],
      ['limits.over', 'looser', 'past it: refused → one more approver, looser'],
    ],
  },
  {
    name: 'the roles that lift an escalating limit',
    after: doc(RULES, { limits: [limit({ over: 'escalate', lift_roles: ['admin', 'finance'] })] }),
    expected: [['limits.over', 'looser', 'past it: refused → one more approver']],
  },
  {
    name: 'a limit removed and another added',
    after: withRules(RULES, { limits: [limit({ window: '7d' })] }),
    expected: [
      [
        'limits.removed',
        'looser',
        'Limit of the finance role, initiate USD per 24h removed: at most 50,000, past it refused, looser',
      ],
      [
        'limits.added',
        'stricter',
        'Limit of the finance role, initiate USD per 7d added: at most 50,000',
      ],
    ],
  },
  {
    name: 'a cooling-off shortened and a test amount changed',
    after: withRules(RULES, {
      destination_book: {
        cooling_off_hours: { 'crypto-address': 0.05, 'fiat-account': 48 },
        test_amounts: { BTC: '0.001' },
      },
    }),
    expected: [
      [
        'destination_book.cooling_off_hours',
        'looser',
        'Cooling-off of a new entry for a crypto address: 24 h → 3 min, looser',
      ],
      [
        'destination_book.cooling_off_hours',
        'stricter',
        'Cooling-off of a new entry for a fiat account: 24 h → 48 h, stricter',
      ],
      [
        'destination_book.test_amounts',
        'neutral',
        'Test amount suggested for a first send of BTC: the default → 0.001, neutral',
      ],
    ],
  },
];

describe('policyChangeList', () => {
  it.each(CASES)('lists $name', ({ after, expected }) => {
    const list = policyChangeList(IN_FORCE, after);
    expect(list.map((c) => [c.member, c.effect])).toEqual(expected.map(([m, e]) => [m, e]));
    list.forEach((change, i) => expect(change.text).toContain(expected[i]![2]));
  });

  it('puts looser changes first, then stricter, then the neutral ones', () => {
    const after = withRules(
      [
        r('big', { amount: { above: '5000' }, action: hold(2) }),
        RULES[1]!,
        r('no-eur', { assets: ['EUR'], action: { kind: 'refuse', reason: 'Not EUR.' } }),
      ],
      { max_wait_hours: 48, limits: [] },
    );
    expect(policyChangeList(IN_FORCE, after).map((c) => [c.member, c.effect])).toEqual([
      ['max_wait_hours', 'looser'],
      ['limits.removed', 'looser'],
      ['rules.amount', 'stricter'],
      ['rules.action.reason', 'neutral'],
    ]);
  });

  it('lists the limits removed from a policy that had none of the other members', () => {
    expect(policyChangeList(doc([], { limits: [limit()] }), doc([]))).toHaveLength(1);
  });
});
