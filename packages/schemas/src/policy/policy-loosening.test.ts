import { describe, expect, it } from 'vitest';
import { PolicyDocumentV2Schema, type PolicyDocumentV2Input } from './policy-document';
import { MAX_LOOSENINGS, policyLoosenings } from './policy-loosening';

type Rule = PolicyDocumentV2Input['rules'][number];
const doc = (rules: Rule[], extra: Partial<PolicyDocumentV2Input> = {}) =>
  PolicyDocumentV2Schema.parse({
    format: 2,
    rules,
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    ...extra,
  });
const transfers = (id: string, over: Partial<Rule> = {}): Rule => ({
  id,
  operations: ['createInternalTransfer'],
  assets: ['USD'],
  action: { kind: 'send' },
  ...over,
});
const hold = (approvers: 1 | 2, roles: ('admin' | 'finance' | 'support')[]) => ({
  kind: 'hold' as const,
  approvers,
  roles,
});
const limit = (max: string, over?: 'escalate') => ({
  role: 'finance',
  side: 'initiate',
  asset: 'USD',
  window: 'day',
  max,
  ...(over && { over }),
});

// Transfers of USD above 10,000 need two approvers; the rest of USD goes at once.
const IN_FORCE = doc(
  [
    transfers('usd-big', { amount: { above: '10000' }, action: hold(2, ['finance', 'admin']) }),
    transfers('usd-small'),
  ],
  { limits: [limit('50000')] },
);

describe('policyLoosenings', () => {
  it('finds nothing between a version and itself, nor in a stricter one', () => {
    expect(policyLoosenings(IN_FORCE, IN_FORCE)).toEqual([]);
    const stricter = doc(
      [
        transfers('usd-big', { amount: { above: '5000' }, action: hold(2, ['admin']) }),
        transfers('usd-small', { action: hold(1, ['finance', 'admin']) }),
      ],
      { limits: [limit('40000')] },
    );
    expect(policyLoosenings(IN_FORCE, stricter)).toEqual([]);
  });

  it('names one rule that sends everything at once, in words, by the sends it lets through', () => {
    const everything = doc([
      { id: 'all', operations: 'any', assets: 'any', action: { kind: 'send' } },
    ]);
    const words = policyLoosenings(IN_FORCE, everything);
    expect(words).toContain(
      'Fewer approvals (no approval at all): internal transfers of USD above 10,000 by admin need 2 approvers from finance or admin under the version in force (rule usd-big) and would go out at once (rule all).',
    );
    // What the default held goes at once too; and the limit is gone.
    expect(words.some((w) => w.includes('(rule default)'))).toBe(true);
    expect(words).toContain(
      'Fewer approvals (limit removed): the limit of role finance, initiate USD per day, at most 50000.',
    );
  });

  it('finds a band raised, a count lowered, roles widened, a refusal lifted and a limit raised', () => {
    const looser = (rules: Rule[], limits = [limit('50000')]) =>
      policyLoosenings(IN_FORCE, doc(rules, { limits }));
    const small = transfers('usd-small');
    expect(
      looser([
        transfers('usd-big', { amount: { above: '20000' }, action: hold(2, ['finance', 'admin']) }),
        small,
      ]).join('\n'),
    ).toContain('internal transfers of USD above 10,000 by admin need 2 approvers');
    expect(
      looser([
        transfers('usd-big', { amount: { above: '10000' }, action: hold(1, ['finance', 'admin']) }),
        small,
      ]).join('\n'),
    ).toContain('(fewer approvers)');
    expect(
      looser([
        transfers('usd-big', {
          amount: { above: '10000' },
          action: hold(2, ['finance', 'support', 'admin']),
        }),
        small,
      ]).join('\n'),
    ).toContain('(approvers from support too)');
    const refusing = doc([
      transfers('no-eur', { assets: ['EUR'], action: { kind: 'refuse', reason: 'No EUR.' } }),
    ]);
    expect(policyLoosenings(refusing, doc([])).join('\n')).toContain('(no longer refused)');
    expect(looser(IN_FORCE.rules, [limit('90000')])).toEqual([
      'Fewer approvals (limit raised): the limit of role finance, initiate USD per day from 50,000 to 90,000.',
    ]);
    expect(looser(IN_FORCE.rules, [limit('50000', 'escalate')])).toHaveLength(1);
  });

  it('says how many more it left out past the most it lists', () => {
    const everything = doc([
      { id: 'all', operations: 'any', assets: 'any', action: { kind: 'send' } },
    ]);
    // A limit on each of 41 assets, all removed: more than are listed.
    const assets = Array.from({ length: MAX_LOOSENINGS + 1 }, (_, i) => `A${i}`);
    const held = doc([], { limits: assets.map((asset) => ({ ...limit('1'), asset })) });
    const words = policyLoosenings(held, everything);
    expect(words.length).toBe(MAX_LOOSENINGS + 1);
    expect(words.at(-1)).toMatch(/^And \d+ more loosenings/);
  });
});
