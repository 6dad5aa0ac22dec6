import { exampleInput, LIMIT_WINDOWS, type Role } from '@console/schemas';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../approvals/policy';
import type { DestinationStanding } from '../destinations/destination-view';
import { decideApproval, decideSend, sendNeeds } from './rule-engine';
import type { WindowSums } from './window-sums';

const policy = buildPolicy({
  operations: {
    createInternalTransfer: { required: false },
    createSvcTransfer: {
      required: true,
      roles: ['finance', 'admin'],
      destinations: { '*': 'book' },
    },
  },
  limits: [
    {
      role: 'finance',
      side: 'initiate',
      asset: 'USD',
      window: '24h',
      max: '50000',
      over: 'escalate',
    },
    { role: 'finance', side: 'initiate', asset: 'USD', window: '1h', max: '20000', over: 'refuse' },
    { role: 'finance', side: 'initiate', asset: 'ETH', window: '7d', max: '5', over: 'refuse' },
    {
      operator: 'ada',
      side: 'initiate',
      asset: 'USD',
      window: '24h',
      max: '100000',
      over: 'escalate',
    },
    { role: 'finance', side: 'initiate', asset: 'EUR', window: '24h', max: '10', over: 'escalate' },
    {
      role: 'finance',
      side: 'initiate',
      asset: 'EUR',
      window: '7d',
      max: '10',
      over: 'escalate',
      lift_roles: ['finance'],
    },
    { role: 'finance', side: 'approve', asset: 'USD', window: '24h', max: '20000' },
  ],
});

const fiona = { username: 'fiona', role: 'finance' as Role };
const ada = { username: 'ada', role: 'finance' as Role };
const internal = (amount: string, asset = 'USD') => ({
  ...exampleInput('createInternalTransfer'),
  amount,
  asset,
});
/** Window sums: the same in every window unless given per window. */
const used = (all: string, per: Partial<Record<(typeof LIMIT_WINDOWS)[number], string>> = {}) =>
  Object.fromEntries(LIMIT_WINDOWS.map((w) => [w, new Big(per[w] ?? all)])) as WindowSums;
const decide = (body: Record<string, unknown>, initiated: WindowSums, maker = fiona) =>
  decideSend(policy, { operation: 'createInternalTransfer', body, maker, initiated });

describe('the rule engine: limits at their edges, in decimal arithmetic', () => {
  it.each([
    ['exactly the limit in every window passes', '10000', used('0', { '24h': '40000' }), 'send'],
    [
      'a cent more in the last 24 hours escalates',
      '10000.01',
      used('0', { '24h': '40000' }),
      'hold',
    ],
    ['a cent more in the last hour is refused', '10000.01', used('10000'), 'refuse'],
    ['exactly the hour’s limit passes', '10000', used('10000'), 'send'],
  ] as const)('%s', (_, amount, sums, outcome) => {
    const decision = decide(internal(amount), sums);
    const got = decision.refusal ? 'refuse' : decision.requirement ? 'hold' : 'send';
    expect(got).toBe(outcome);
  });

  it.each([
    ['4.999999999999999999', '0.000000000000000001', false],
    ['4.999999999999999999', '0.000000000000000002', true],
  ])(
    'in the asset’s own units to its last decimal: %s used and %s more over = %s',
    (sum, amount, over) => {
      const decision = decide(internal(amount, 'ETH'), used(sum));
      expect(decision.limits.map((l) => l.over)).toEqual([over]);
      expect(decision.refusal?.code ?? null).toBe(over ? 'limit-exceeded' : null);
    },
  );

  it('says what is left, in words, and what the send would pass', () => {
    const decision = decide(internal('1500'), used('11500', { '24h': '11500' }));
    expect(decision.limits.find((l) => l.window === '24h')).toMatchObject({
      max: '50000',
      used: '11500',
      left: '38500',
      amount: '1500',
      over: false,
      when_over: 'escalate',
      rule: 'role',
      text: '38,500.00 of 50,000.00 USD left in the last 24 hours',
    });
  });

  it('an escalated send that would go at once waits for one approver from a role that may lift it', () => {
    const decision = decide(internal('20000'), used('0', { '24h': '40000' }));
    expect(decision.requirement).toMatchObject({
      approversNeeded: 1,
      roles: ['admin'],
      escalation: { liftRoles: ['admin'] },
    });
    expect(decision.requirement?.escalation?.reason).toBe(
      'It passes the limit of 50,000.00 USD in the last 24 hours (40,000.00 used, 10,000.00 left; this is 20,000.00): one more approver, from admin.',
    );
  });

  it('an escalated send that would wait for one approver waits for two, one of them from a lifting role', () => {
    const decision = decideSend(policy, {
      operation: 'createSvcTransfer',
      body: { ...exampleInput('createSvcTransfer'), asset: 'USD', amount: '60000' },
      maker: fiona,
      initiated: used('0'),
      destination: standing('ACTIVE'),
    });
    // 60 000 alone passes the hour's 20 000 too: refused, whatever else.
    expect(decision.refusal?.code).toBe('limit-exceeded');
    const within = decideSend(policy, {
      operation: 'createSvcTransfer',
      body: { ...exampleInput('createSvcTransfer'), asset: 'USD', amount: '15000' },
      maker: fiona,
      initiated: used('0', { '24h': '40000' }),
      destination: standing('ACTIVE'),
    });
    expect(within.requirement).toMatchObject({
      approversNeeded: 2,
      roles: ['finance', 'admin'],
      escalation: { liftRoles: ['admin'] },
    });
  });

  it('an operator’s own limit takes the place of their role’s for that asset and window only', () => {
    const decision = decide(internal('10000'), used('0', { '24h': '80000' }), ada);
    expect(decision.requirement).toBeUndefined();
    expect(decision.limits.map((l) => [l.window, l.rule, l.max])).toEqual([
      ['24h', 'operator', '100000'],
      ['1h', 'role', '20000'],
    ]);
  });

  it('refuses what no one role may lift: escalating limits whose lifting roles have none in common', () => {
    const decision = decide(internal('11', 'EUR'), used('0'));
    expect(decision.refusal).toMatchObject({ code: 'limit-exceeded' });
    expect(decision.refusal?.detail).toMatch(/no role may lift all of them/);
  });

  it('needs no window sums when no limit holds for the maker and asset', () => {
    expect(
      sendNeeds(policy, 'createInternalTransfer', internal('1', 'BTC'), fiona).limitAsset,
    ).toBe(undefined);
    expect(
      sendNeeds(policy, 'createInternalTransfer', internal('1'), { username: 'sam', role: 'admin' })
        .limitAsset,
    ).toBe(undefined);
    expect(sendNeeds(policy, 'createInternalTransfer', internal('1'), fiona).limitAsset).toBe(
      'USD',
    );
  });
});

describe('the rule engine: what an approver may approve', () => {
  const approve = (amount: string, sum: string) =>
    decideApproval(policy, {
      operation: 'createInternalTransfer',
      body: internal(amount),
      approver: fiona,
      approved: used(sum),
    });

  it('counts the approval against the approver’s own limit: exactly the limit passes, a cent more is refused, saying why', () => {
    expect(approve('5000', '15000').refusal).toBeNull();
    expect(approve('5000.01', '15000').refusal).toBe(
      'You may not approve it: with it you would pass the limit of 20,000.00 USD in the last 24 hours (15,000.00 used, 5,000.00 left; this is 5,000.01) on what you approve.',
    );
  });
});

function standing(state: DestinationStanding['state']): DestinationStanding {
  return {
    state,
    entryId: state === 'NOT_IN_BOOK' ? null : 'd-1',
    name: state === 'NOT_IN_BOOK' ? null : 'Acme',
    usableFrom: state === 'COOLING_OFF' ? '2026-11-27T09:00:00.000Z' : null,
    revoked:
      state === 'REVOKED'
        ? { at: '2026-11-26T10:00:00.000Z', by: 'ada', by_name: 'Ada', reason: 'Fraud' }
        : null,
  };
}

describe('the rule engine: destinations', () => {
  const svc = { ...exampleInput('createSvcTransfer'), asset: 'USD', amount: '10' };
  it.each([
    ['ACTIVE', true],
    ['COOLING_OFF', false],
    ['PENDING_APPROVAL', false],
    ['REVOKED', false],
    ['NOT_IN_BOOK', false],
  ] as const)(
    'where the policy asks for the book, a destination %s may receive money: %s',
    (state, allowed) => {
      const decision = decideSend(policy, {
        operation: 'createSvcTransfer',
        body: svc,
        maker: fiona,
        destination: standing(state),
      });
      expect(decision.destination).toMatchObject({ state, required: true, allowed });
      expect(decision.refusal?.code ?? null).toBe(allowed ? null : 'destination-not-allowed');
    },
  );

  it('where it does not, any destination may', () => {
    const decision = decide(internal('1', 'BTC'), used('0'));
    expect(decision.destination).toMatchObject({ required: false, allowed: true });
    expect(decision.refusal).toBeNull();
  });
});

describe('the rule engine: rules as data (format 2, issue 38)', () => {
  const document = (limits: unknown[] = []) =>
    buildPolicy({
      format: 2,
      max_wait_hours: 24,
      rules: [
        {
          id: 'no-eth-out',
          operations: ['createSvcTransfer'],
          assets: ['ETH'],
          action: { kind: 'refuse', reason: 'ETH leaves only through the treasury desk.' },
        },
        {
          id: 'not-in-book',
          operations: ['createSvcTransfer'],
          assets: 'any',
          destination: 'not-book',
          action: {
            kind: 'escalate',
            approvers: 2,
            roles: ['finance', 'admin'],
            escalate_to: ['admin'],
          },
        },
        {
          id: 'by-support',
          operations: 'any',
          assets: 'any',
          initiator_roles: ['support'],
          action: { kind: 'hold', approvers: 1, roles: ['admin'] },
        },
        {
          id: 'big-usd',
          operations: ['createInternalTransfer'],
          assets: ['USD'],
          amount: { above: '10000' },
          action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'], max_wait_hours: 4 },
        },
        {
          id: 'transfers',
          operations: ['createInternalTransfer', 'createSvcTransfer'],
          assets: 'any',
          action: { kind: 'send' },
        },
      ],
      default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
      limits,
    });
  const svc = (asset: string, amount = '100') => ({
    ...exampleInput('createSvcTransfer'),
    asset,
    amount,
  });
  const support = { username: 'sam', role: 'support' as Role };

  it.each([
    [
      'a transfer to the book, by finance',
      'createInternalTransfer',
      internal('10000'),
      fiona,
      null,
    ],
    ['the same, one cent more', 'createInternalTransfer', internal('10000.01'), fiona, 2],
    ['the same by support (an earlier rule)', 'createInternalTransfer', internal('1'), support, 1],
    [
      'an order, which no rule names (the default)',
      'createOrder',
      exampleInput('createOrder'),
      fiona,
      1,
    ],
  ] as const)('%s: approvers %s', (_, operation, body, maker, approvers) => {
    const decision = decideSend(document(), {
      operation,
      body,
      maker,
      destination: standing('ACTIVE'),
    });
    expect(decision.refusal).toBeNull();
    expect(decision.requirement?.approversNeeded ?? null).toBe(approvers);
  });

  it('a band’s own wait and roles decide a send it holds', () => {
    const decision = decideSend(document(), {
      operation: 'createInternalTransfer',
      body: internal('20000'),
      maker: fiona,
    });
    expect(decision.requirement).toEqual({
      approversNeeded: 2,
      roles: ['finance', 'admin'],
      maxWaitMs: 4 * 3_600_000,
    });
  });

  it('a rule that refuses: nothing goes, with the rule and its reason in words', () => {
    const decision = decideSend(document(), {
      operation: 'createSvcTransfer',
      body: svc('ETH'),
      maker: fiona,
      destination: standing('ACTIVE'),
    });
    expect(decision.refusal).toEqual({
      code: 'policy-refused',
      detail: "The policy's rule no-eth-out refuses it: ETH leaves only through the treasury desk.",
    });
    expect(decision.requirement).toBeUndefined();
  });

  it('a destination outside the book escalates: one of two approvers must be an admin', () => {
    const decision = decideSend(document(), {
      operation: 'createSvcTransfer',
      body: svc('USD'),
      maker: fiona,
      destination: standing('NOT_IN_BOOK'),
    });
    expect(decision.refusal).toBeNull();
    expect(decision.requirement).toEqual({
      approversNeeded: 2,
      roles: ['finance', 'admin'],
      maxWaitMs: 24 * 3_600_000,
      escalation: {
        liftRoles: ['admin'],
        reason: "The policy's rule not-in-book asks that one of its approvers be from admin.",
      },
    });
    // Nothing refuses it for where it goes: the book is asked, not required.
    expect(decision.destination).toMatchObject({ required: false, allowed: true });
    expect(sendNeeds(document(), 'createSvcTransfer', svc('USD'), fiona).destination).toMatchObject(
      { required: true },
    );
    expect(
      sendNeeds(document(), 'createInternalTransfer', internal('1'), fiona).destination?.required,
    ).toBe(false);
  });

  it('a limit passed under an escalating rule: one more approver, of roles both accept', () => {
    const limit = (lift: Role[]) => [
      {
        role: 'finance',
        side: 'initiate',
        asset: 'USD',
        window: '24h',
        max: '50',
        over: 'escalate',
        lift_roles: lift,
      },
    ];
    const facts = {
      operation: 'createSvcTransfer' as const,
      body: svc('USD'),
      maker: fiona,
      destination: standing('NOT_IN_BOOK'),
      initiated: used('0'),
    };
    const both = decideSend(document(limit(['finance', 'admin'])), facts);
    expect(both.requirement).toMatchObject({
      approversNeeded: 3,
      escalation: { liftRoles: ['admin'] },
    });
    // Both reasons, the rule's first.
    expect(both.requirement?.escalation?.reason).toMatch(
      /^The policy's rule not-in-book asks that one of its approvers be from admin\. It passes the limit of 50\.00 USD .*: one more approver, from admin\.$/,
    );
    const apart = decideSend(document(limit(['finance'])), facts);
    expect(apart.refusal?.code).toBe('limit-exceeded');
    expect(apart.refusal?.detail).toMatch(/no role may lift all of them and be of admin/);
  });

  it('a rule that refuses sends outside the book names the rule’s reason, then the book’s word', () => {
    const policyWithBook = buildPolicy({
      format: 2,
      rules: [
        {
          id: 'book-only',
          operations: ['createSvcTransfer'],
          assets: 'any',
          destination: 'not-book',
          action: { kind: 'refuse', reason: 'Payouts go only to approved counterparties' },
        },
        { id: 'rest', operations: 'any', assets: 'any', action: { kind: 'send' } },
      ],
      default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    });
    const decision = decideSend(policyWithBook, {
      operation: 'createSvcTransfer',
      body: svc('USD'),
      maker: fiona,
      destination: standing('REVOKED'),
    });
    expect(decision.destination).toMatchObject({ required: true, allowed: false });
    expect(decision.refusal?.code).toBe('destination-not-allowed');
    expect(decision.refusal?.detail).toMatch(
      /^Payouts go only to approved counterparties\. The .* \("Acme"\) was revoked at .* by Ada: Fraud\.$/,
    );
  });

  it('a rule that refuses one entry of the book refuses it while usable, in its own words', () => {
    const blocked = buildPolicy({
      format: 2,
      rules: [
        {
          id: 'not-acme',
          operations: 'any',
          assets: 'any',
          destination: { entry: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e99' },
          action: { kind: 'refuse', reason: 'Acme is under review' },
        },
        { id: 'rest', operations: 'any', assets: 'any', action: { kind: 'send' } },
      ],
      default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    });
    const acme = { ...standing('ACTIVE'), entryId: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e99' };
    const facts = { operation: 'createSvcTransfer' as const, body: svc('USD'), maker: fiona };
    expect(decideSend(blocked, { ...facts, destination: acme }).refusal).toEqual({
      code: 'destination-not-allowed',
      detail: 'Acme is under review.',
    });
    expect(decideSend(blocked, { ...facts, destination: standing('ACTIVE') }).refusal).toBeNull();
  });
});
