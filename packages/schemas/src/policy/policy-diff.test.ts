import { describe, expect, it } from 'vitest';
import { PolicyDocumentV2Schema, type PolicyDocumentV2Input } from './policy-document';
import { diffPolicies } from './policy-diff';

type Rule = PolicyDocumentV2Input['rules'][number];
const doc = (rules: Rule[], extra: Partial<PolicyDocumentV2Input> = {}) =>
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
const hold = (approvers: 1 | 2) => ({
  kind: 'hold' as const,
  approvers,
  roles: ['finance' as const, 'admin' as const],
});
const hold2 = hold(2);

const BEFORE = doc([
  r('big', { amount: { above: '10000' }, action: hold2 }),
  r('eur', { assets: ['EUR'] }),
  r('gone', { assets: ['SGD'] }),
  r('rest', { operations: 'any', assets: 'any' }),
]);

describe('diffPolicies', () => {
  it('finds no change between a version and itself', () => {
    expect(diffPolicies(BEFORE, BEFORE)).toEqual([]);
  });

  it('names a changed rule by its id, each changed member before and after in words', () => {
    const after = doc([
      r('big', { amount: { above: '5000' }, action: hold2 }),
      ...BEFORE.rules.slice(1),
    ]);
    expect(diffPolicies(BEFORE, after)).toEqual([
      {
        kind: 'changed',
        id: 'big',
        index: 0,
        members: [{ member: 'amount', before: 'above 10,000', after: 'above 5,000' }],
        text: 'Rule big changed: amount above 5,000 (was above 10,000). Now: Internal transfers of USD above 5,000 need 2 approvers from finance or admin',
      },
    ]);
  });

  it('names each changed rule and every changed member, in the order of the new version', () => {
    const after = doc([
      r('big', { amount: { above: '10000' }, action: hold(1) }),
      r('eur', { assets: ['EUR', 'SGD'], initiator_roles: ['finance'] }),
      r('gone', { assets: ['SGD'] }),
      r('rest', { operations: 'any', assets: 'any', action: { kind: 'refuse', reason: 'no' } }),
    ]);
    const changes = diffPolicies(BEFORE, after);
    expect(
      changes.map((c) => [
        c.kind,
        'id' in c && c.id,
        'members' in c && c.members.map((m) => m.member),
      ]),
    ).toEqual([
      ['changed', 'big', ['action']],
      ['changed', 'eur', ['assets', 'initiator_roles']],
      ['changed', 'rest', ['action']],
    ]);
    expect(changes[1]).toMatchObject({
      members: [
        { member: 'assets', before: 'EUR', after: 'EUR or SGD' },
        { member: 'initiator_roles', before: 'anyone', after: 'a finance operator' },
      ],
    });
  });

  it('says rules added and removed, with their words', () => {
    const after = doc([
      r('viewers', {
        operations: 'any',
        assets: 'any',
        initiator_roles: ['viewer'],
        action: { kind: 'refuse', reason: 'read only' },
      }),
      ...BEFORE.rules.filter((rule) => rule.id !== 'gone'),
    ]);
    expect(diffPolicies(BEFORE, after)).toEqual([
      {
        kind: 'removed',
        id: 'gone',
        index: 2,
        text: 'Rule gone removed: Internal transfers of SGD go out at once',
      },
      {
        kind: 'added',
        id: 'viewers',
        index: 0,
        text: 'Rule viewers added at position 1: Any send by a viewer is refused: read only',
      },
    ]);
  });

  it('says a rule moved only when its order among the others changed, not when it shifted', () => {
    const [big, eur, gone, rest] = BEFORE.rules;
    const after = doc([eur!, gone!, big!, rest!]);
    expect(diffPolicies(BEFORE, after)).toEqual([
      { kind: 'moved', id: 'big', from: 0, to: 2, text: 'Rule big moved from position 1 to 3' },
    ]);
  });

  it('says the default and the wait changed', () => {
    const after = doc(BEFORE.rules, {
      max_wait_hours: 48,
      default_rule: { kind: 'hold', approvers: 2, roles: ['admin'] },
    });
    expect(diffPolicies(BEFORE, after)).toEqual([
      {
        kind: 'max-wait',
        before: 24,
        after: 48,
        text: 'A held send waits at most 48 hours (was 24)',
      },
      {
        kind: 'default',
        before: 'Any other send needs 1 approver from admin',
        after: 'Any other send needs 2 approvers from admin',
        text: 'Any other send needs 2 approvers from admin (was: Any other send needs 1 approver from admin)',
      },
    ]);
  });

  it('reads members written in another key order as the same', () => {
    const after = doc([
      { ...BEFORE.rules[0]!, action: { roles: ['finance', 'admin'], approvers: 2, kind: 'hold' } },
      ...BEFORE.rules.slice(1),
    ]);
    expect(diffPolicies(BEFORE, after)).toEqual([]);
  });
});
