import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { operations, WRITE_OPERATION_IDS, type WriteOperationId } from '../registry';
import {
  PolicyDocumentV2Schema,
  type PolicyAction,
  type PolicyDocumentV2Input,
  type PolicyRule,
} from './policy-document';
import {
  approverRolesFor,
  decidePolicy,
  hasAmount,
  inBand,
  maxWaitHoursOf,
  needsStanding,
  refusesOutsideBook,
  type PolicyFacts,
} from './policy-engine';

const ENTRY = '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01';

const doc = (rules: PolicyDocumentV2Input['rules'], extra: Partial<PolicyDocumentV2Input> = {}) =>
  PolicyDocumentV2Schema.parse({
    format: 2,
    rules,
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    ...extra,
  });

const facts = (over: Partial<PolicyFacts> = {}): PolicyFacts => ({
  operation: 'createInternalTransfer',
  asset: 'USD',
  amount: new Big('100'),
  destination: undefined,
  initiator_role: 'finance',
  ...over,
});

const hold2: PolicyAction = { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] };
const hold1: PolicyAction = { kind: 'hold', approvers: 1, roles: ['finance'] };
const send = { kind: 'send' } as const;

describe('decidePolicy', () => {
  it('first match wins: the earliest rule that matches decides, not the most specific', () => {
    const policy = doc([
      { id: 'all-usd', operations: 'any', assets: ['USD'], action: hold1 },
      { id: 'big-usd', operations: 'any', assets: ['USD'], amount: { above: '10' }, action: hold2 },
    ]);
    expect(decidePolicy(policy, facts({ amount: new Big('1000') }))).toEqual({
      rule: 'all-usd',
      index: 0,
      action: hold1,
    });
  });

  it('the default holds when no rule matches', () => {
    const policy = doc([{ id: 'eur', operations: 'any', assets: ['EUR'], action: send }]);
    expect(decidePolicy(policy, facts({ asset: 'USD' }))).toEqual({
      rule: 'default',
      index: -1,
      action: { kind: 'hold', approvers: 1, roles: ['admin'] },
    });
  });

  it('an empty rule list holds everything by the default', () => {
    for (const operation of WRITE_OPERATION_IDS) {
      expect(decidePolicy(doc([]), facts({ operation })).action.kind).toBe('hold');
    }
  });

  const band = doc([
    { id: 'small', operations: 'any', assets: ['USD'], amount: { up_to: '10000' }, action: send },
    { id: 'big', operations: 'any', assets: ['USD'], amount: { above: '10000' }, action: hold2 },
  ]);
  it.each([
    ['9999.99', 'small'],
    ['10000', 'small'],
    ['10000.00', 'small'],
    ['10000.000000000', 'small'],
    ['10000.000000001', 'big'],
    ['10000.01', 'big'],
    ['0010000', 'small'],
    ['99999999999999999999999.5', 'big'],
  ])('bands compare decimals at their edges: %s is decided by %s', (amount, rule) => {
    expect(decidePolicy(band, facts({ amount: new Big(amount) })).rule).toBe(rule);
  });

  it.each([
    [{ above: '10' }, '10', false],
    [{ above: '10' }, '10.0000000000000000001', true],
    [{ up_to: '10' }, '10.00', true],
    [{ up_to: '10' }, '10.0000000000000000001', false],
    [{ above: '1', up_to: '2' }, '1.5', true],
    [{ above: '1', up_to: '2' }, '1', false],
    [{ above: '1', up_to: '2' }, '2', true],
  ])('a band %j holds %s: %s', (b, amount, expected) => {
    expect(inBand(b, new Big(amount))).toBe(expected);
  });

  it('an unknown amount is taken as large: a band without up_to matches it, one with up_to never', () => {
    expect(inBand({ above: '1000000000' }, undefined)).toBe(true);
    expect(inBand({ up_to: '1000000000' }, undefined)).toBe(false);
    expect(inBand({ above: '1', up_to: '1000000000' }, undefined)).toBe(false);
    const sell = facts({ operation: 'createOrder', asset: 'USD', amount: undefined });
    expect(decidePolicy(band, sell).rule).toBe('big');
  });

  it('orders are decided by their notional in the quote currency the facts carry', () => {
    const orders = doc([
      {
        id: 'big-usd-orders',
        operations: ['createOrder'],
        assets: ['USD'],
        amount: { above: '50000' },
        action: hold2,
      },
      { id: 'orders', operations: ['createOrder'], assets: 'any', action: send },
    ]);
    const order = (asset: string, notional: string) =>
      decidePolicy(orders, facts({ operation: 'createOrder', asset, amount: new Big(notional) }))
        .rule;
    // 2 BTC at 30,000 USD: a notional of 60,000 USD.
    expect(order('USD', new Big('2').times('30000').toString())).toBe('big-usd-orders');
    expect(order('USD', '50000')).toBe('orders');
    // The same notional in EUR is another currency: not this band.
    expect(order('EUR', '60000')).toBe('orders');
  });

  it('a write without an amount never falls in a band, not even as an unknown amount', () => {
    const policy = doc([
      { id: 'big', operations: 'any', assets: ['USD'], amount: { above: '0' }, action: hold2 },
      { id: 'rest', operations: 'any', assets: 'any', action: send },
    ]);
    const rule = decidePolicy(
      policy,
      facts({ operation: 'createOrchestrationRule', asset: 'USD', amount: undefined }),
    );
    expect(rule.rule).toBe('rest');
  });

  const where = doc([
    { id: 'entry', operations: 'any', assets: 'any', destination: { entry: ENTRY }, action: send },
    {
      id: 'outside',
      operations: 'any',
      assets: 'any',
      destination: 'not-book',
      action: {
        kind: 'refuse',
        reason: 'Only to the book',
      },
    },
    {
      id: 'crypto',
      operations: 'any',
      assets: 'any',
      destination: { kind: 'crypto-address' },
      action: hold2,
    },
    { id: 'book', operations: 'any', assets: 'any', destination: 'book', action: hold1 },
  ]);
  it.each([
    [
      'a book entry named by id, in any case',
      { kind: 'own-profile', entry_id: ENTRY.toUpperCase(), in_book: true },
      'entry',
    ],
    ['a destination not active in the book', { kind: 'own-profile', in_book: false }, 'outside'],
    [
      'a crypto address in the book',
      { kind: 'crypto-address', entry_id: 'x', in_book: true },
      'crypto',
    ],
    ['another entry of the book', { kind: 'fiat-account', entry_id: 'y', in_book: true }, 'book'],
    ['no destination at all', undefined, 'default'],
  ] as const)('destination conditions: %s is decided by %s', (_, destination, rule) => {
    expect(decidePolicy(where, facts({ destination })).rule).toBe(rule);
  });

  it('initiator roles: a rule for some roles matches only sends they initiate', () => {
    const policy = doc([
      {
        id: 'viewers',
        operations: 'any',
        assets: 'any',
        initiator_roles: ['viewer', 'auditor'],
        action: {
          kind: 'refuse',
          reason: 'Viewers do not send',
        },
      },
      {
        id: 'support',
        operations: 'any',
        assets: 'any',
        initiator_roles: ['support'],
        action: hold2,
      },
    ]);
    const by = (initiator_role: PolicyFacts['initiator_role']) =>
      decidePolicy(policy, facts({ initiator_role })).rule;
    expect([by('viewer'), by('auditor'), by('support'), by('finance'), by('admin')]).toEqual([
      'viewers',
      'viewers',
      'support',
      'default',
      'default',
    ]);
  });

  it('every write operation of the registry is decided by a rule naming it', () => {
    const rules: PolicyRule[] = WRITE_OPERATION_IDS.map((id) => ({
      id: `r-${id}`,
      operations: [id],
      assets: 'any',
      destination: 'any',
      initiator_roles: 'any',
      action: { kind: 'hold', approvers: 1, roles: [...operations[id].approval.approvers] },
    }));
    const policy = doc(rules);
    for (const operation of WRITE_OPERATION_IDS) {
      const amount = hasAmount(operation) ? new Big('1') : undefined;
      expect(decidePolicy(policy, facts({ operation, amount })).rule).toBe(`r-${operation}`);
    }
  });

  it('an operation list matches only the operations it names', () => {
    const named: WriteOperationId[] = ['createInternalTransfer', 'createSvcTransfer'];
    const policy = doc([{ id: 'transfers', operations: named, assets: 'any', action: send }]);
    for (const operation of WRITE_OPERATION_IDS) {
      const decided = decidePolicy(policy, facts({ operation })).rule;
      expect(decided).toBe(named.includes(operation) ? 'transfers' : 'default');
    }
  });

  it('a held send waits its action’s hours, else the document’s', () => {
    const policy = doc([], { max_wait_hours: 48 });
    expect(maxWaitHoursOf(policy, { ...hold1, max_wait_hours: 6 })).toBe(6);
    expect(maxWaitHoursOf(policy, hold1)).toBe(48);
    expect(maxWaitHoursOf(policy, send)).toBeUndefined();
  });
});

describe('what a document asks of a send beforehand', () => {
  const bookRefusal: PolicyDocumentV2Input['rules'][number] = {
    id: 'book-usd',
    operations: ['createSvcTransfer'],
    assets: ['USD'],
    destination: 'not-book',
    action: { kind: 'refuse', reason: 'USD only to the book' },
  };
  const catchAll = (operations: WriteOperationId[]): PolicyDocumentV2Input['rules'][number] => ({
    id: `all-${operations.join('-')}`,
    operations,
    assets: 'any',
    action: hold2,
  });

  it('needsStanding: only where a rule that may decide the operation asks the book', () => {
    const policy = doc([catchAll(['createInternalTransfer']), bookRefusal]);
    expect(needsStanding(policy, 'createSvcTransfer')).toBe(true);
    expect(needsStanding(policy, 'createInternalTransfer')).toBe(false);
    // A kind of destination is read from the body: no need of the book.
    const byKind = doc([{ ...bookRefusal, destination: { kind: 'crypto-address' } }]);
    expect(needsStanding(byKind, 'createSvcTransfer')).toBe(false);
    // A rule hidden behind one that catches every send of the operation never decides one.
    const hidden = doc([catchAll(['createSvcTransfer']), bookRefusal]);
    expect(needsStanding(hidden, 'createSvcTransfer')).toBe(false);
  });

  it('approverRolesFor: the roles of the rules that may hold the operation, and the default’s when reached', () => {
    const policy = doc([
      { id: 'a', operations: ['createOrder'], assets: ['USD'], action: hold1 },
      { id: 'b', operations: 'any', assets: 'any', action: hold2 },
      {
        id: 'unreached',
        operations: ['createOrder'],
        assets: 'any',
        action: { kind: 'hold', approvers: 1, roles: ['support'] },
      },
    ]);
    expect(approverRolesFor(policy, 'createOrder').sort()).toEqual(['admin', 'finance']);
    const fallsThrough = doc([
      { id: 'a', operations: ['createOrder'], assets: ['USD'], action: send },
    ]);
    expect(approverRolesFor(fallsThrough, 'createOrder')).toEqual(['admin']);
    const sendsAll = doc([{ id: 'all', operations: 'any', assets: 'any', action: send }]);
    expect(approverRolesFor(sendsAll, 'createOrder')).toEqual([]);
  });

  it('refusesOutsideBook: per operation and asset, or for some asset when none is given', () => {
    const policy = doc([bookRefusal]);
    expect(refusesOutsideBook(policy, 'createSvcTransfer', 'USD')).toBe(true);
    expect(refusesOutsideBook(policy, 'createSvcTransfer', 'EUR')).toBe(false);
    expect(refusesOutsideBook(policy, 'createSvcTransfer')).toBe(true);
    expect(refusesOutsideBook(policy, 'createInternalTransfer')).toBe(false);
    const escalates = doc([{ ...bookRefusal, action: { ...hold2, kind: 'hold' } }]);
    expect(refusesOutsideBook(escalates, 'createSvcTransfer', 'USD')).toBe(false);
  });
});
