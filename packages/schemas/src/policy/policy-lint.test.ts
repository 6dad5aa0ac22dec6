import { describe, expect, it } from 'vitest';
import {
  PolicyDocumentV2Shape,
  type PolicyAction,
  type PolicyDocumentV2Input,
} from './policy-document';
import { lintPolicy } from './policy-lint';

const doc = (rules: PolicyDocumentV2Input['rules']) =>
  PolicyDocumentV2Shape.parse({
    format: 2,
    rules,
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
  });
const hold: PolicyAction = { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] };
const send = { kind: 'send' } as const;
type Rule = PolicyDocumentV2Input['rules'][number];
const r = (id: string, over: Partial<Rule> = {}): Rule => ({
  id,
  operations: ['createInternalTransfer'],
  assets: ['USD'],
  action: send,
  ...over,
});

/** A document with none of the problems: distinct ids, bands apart, each rule reachable. */
const CLEAN = doc([
  r('viewers', {
    operations: 'any',
    assets: 'any',
    initiator_roles: ['viewer', 'auditor'],
    action: { kind: 'refuse', reason: 'read only' },
  }),
  r('outside-book', {
    operations: ['createSvcTransfer', 'createOrchestration'],
    assets: 'any',
    destination: 'not-book',
    action: { kind: 'refuse', reason: 'book only' },
  }),
  r('big-usd', { amount: { above: '10000' }, action: hold }),
  r('usd', {
    amount: { above: '100', up_to: '10000' },
    action: { kind: 'hold', approvers: 1, roles: ['finance'] },
  }),
  r('small-usd', { action: send }),
  r('orders', {
    operations: ['createOrder'],
    assets: ['USD', 'EUR', 'SGD'],
    amount: { above: '50000' },
    action: hold,
  }),
  r('payees', {
    operations: ['updateFiatAccount', 'deleteFiatAccount'],
    assets: 'any',
    action: { kind: 'hold', approvers: 1, roles: ['support', 'admin'] },
  }),
]);

describe('lintPolicy', () => {
  it('finds nothing in a clean document', () => {
    expect(lintPolicy(CLEAN)).toEqual([]);
  });

  it.each([
    [
      'duplicate ids',
      [r('a', { assets: ['EUR'] }), r('a')],
      {
        code: 'duplicate-id',
        index: 1,
        id: 'a',
        path: ['rules', 1, 'id'],
        message: 'Rule 2 (a) has the same id as rule 1: each rule needs its own id',
      },
    ],
    [
      'a band whose above is not below its up_to, compared as decimals',
      [r('empty', { amount: { above: '10000.00', up_to: '10000' } })],
      {
        code: 'never-matches',
        index: 0,
        path: ['rules', 0, 'amount'],
        message: 'Rule 1 (empty) can never match: no amount is above 10,000.00 and at most 10,000',
      },
    ],
    [
      'an asset the service does not know',
      [r('doge', { assets: ['USD', 'DOGE'] })],
      {
        code: 'unknown-asset',
        index: 0,
        path: ['rules', 0, 'assets'],
        message: 'Rule 1 (doge) names DOGE, but the service does not know the asset DOGE',
      },
    ],
    [
      'an order rule in an asset that is no quote currency',
      [r('btc-orders', { operations: ['createOrder'], assets: ['BTC'] })],
      {
        code: 'unknown-asset',
        message:
          "Rule 1 (btc-orders) names BTC, but orders compare their notional in a market's quote currency (EUR, SGD, USD), and BTC is none of them",
      },
    ],
    [
      'a band on an operation without an amount',
      [
        r('fiat', {
          operations: ['createInternalTransfer', 'updateFiatAccount'],
          amount: { above: '5' },
        }),
      ],
      {
        code: 'no-amount',
        path: ['rules', 0, 'amount'],
        message:
          'Rule 1 (fiat) gives an amount band, but Update fiat account carries no amount, so the rule never matches it',
      },
    ],
    [
      'a destination condition on an operation that names none',
      [
        r('orders-book', {
          operations: ['createOrder', 'cancelOrder'],
          assets: 'any',
          destination: 'book',
        }),
      ],
      {
        code: 'no-destination',
        path: ['rules', 0, 'destination'],
        message:
          'Rule 1 (orders-book) asks that money go to an active entry of the book of allowed destinations, but Create order, Cancel order name no destination, so the rule never matches them',
      },
    ],
    [
      'a rule hidden by an earlier one of wider band',
      [
        r('wide', { amount: { above: '1000' }, action: hold }),
        r('narrow', { amount: { above: '1000.00', up_to: '5000' } }),
      ],
      {
        code: 'hidden',
        index: 1,
        id: 'narrow',
        path: ['rules', 1],
        hidden_by: { index: 0, id: 'wide' },
        message:
          'Rule 2 (narrow) never decides anything: every send it matches is matched first by rule 1 (wide)',
      },
    ],
    [
      'a rule hidden by an earlier one of any operation, asset, destination and role',
      [
        r('everything', { operations: 'any', assets: 'any', action: hold }),
        r('later', { destination: { kind: 'own-profile' }, initiator_roles: ['finance'] }),
      ],
      { code: 'hidden', index: 1, hidden_by: { index: 0, id: 'everything' } },
    ],
    [
      'a rule naming every write, hidden by an earlier rule of "any" operations',
      [
        r('any-op', { operations: 'any' }),
        r('all-ops', { operations: 'any', initiator_roles: ['admin'] }),
      ],
      { code: 'hidden', index: 1, hidden_by: { index: 0, id: 'any-op' } },
    ],
  ] as const)('finds %s', (_, rules, problem) => {
    expect(lintPolicy(doc(rules as unknown as Rule[]))).toEqual([expect.objectContaining(problem)]);
  });

  it.each([
    [
      'a band that reaches past the earlier one',
      r('a', { amount: { above: '1000' } }),
      r('b', { amount: { above: '999.99' } }),
    ],
    [
      'an unknown amount, which a later rule without up_to takes',
      r('a', { amount: { up_to: '1000' } }),
      r('b'),
    ],
    ['another asset', r('a', { assets: ['USD'] }), r('b', { assets: ['USD', 'EUR'] })],
    ['a role the earlier rule does not name', r('a', { initiator_roles: ['finance'] }), r('b')],
    ['sends that name no destination', r('a', { destination: 'book' }), r('b')],
    [
      'a book entry that may not be active',
      r('a', { destination: 'book' }),
      r('b', { destination: { entry: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01' } }),
    ],
  ])('does not call a rule hidden when it still decides %s', (_, first, second) => {
    expect(lintPolicy(doc([first, second]))).toEqual([]);
  });
});
