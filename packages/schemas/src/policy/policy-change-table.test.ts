import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { judgeChange, POLICY_CHANGE_TABLE, type PolicyMemberKind } from './policy-change-table';
import { PolicyDocumentV2Shape } from './policy-document';

/**
 * The paths of the members a schema holds, down to its leaves: objects and arrays are walked,
 * and unions of objects (the actions) give the members of each. A union of plain values, an
 * enum or a literal is a leaf.
 */
function memberPaths(schema: z.core.$ZodType, path: string): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
      return memberPaths(def.innerType as z.core.$ZodType, path);
    case 'array':
      return memberPaths(def.element as z.core.$ZodType, path);
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, inner]) =>
        memberPaths(inner, path ? `${path}.${key}` : key),
      );
    case 'union': {
      const options = def.options as z.core.$ZodType[];
      const objects = options.filter((o) => o._zod.def.type === 'object');
      return objects.length === options.length
        ? [...new Set(objects.flatMap((o) => memberPaths(o, path)))]
        : [path];
    }
    default:
      return [path];
  }
}

const rows = Object.keys(POLICY_CHANGE_TABLE);
/** A row covers its path and every member under it (`rules.amount` covers `rules.amount.above`). */
const covered = (path: string) =>
  rows.some((row) => path === row || path.startsWith(`${row}.`)) ||
  // The limits and the book are checked by the BFF, whose test walks their schemas.
  rows.some((row) => row.startsWith(`${path}.`));

describe('the table of what a change to each member of the policy does', () => {
  const paths = memberPaths(PolicyDocumentV2Shape, '');

  it('walks the schema down to the members of rules and actions', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['rules.amount.above', 'rules.action.escalate_to', 'limits']),
    );
  });

  it.each(paths)('has a row for %s', (path) => {
    expect(covered(path), `no row of POLICY_CHANGE_TABLE covers ${path}`).toBe(true);
  });

  // One case per row: a change that row judges, and what it says.
  const hold = (approvers: number, roles: string[]) => ({ kind: 'hold', approvers, roles });
  const CASES: Record<PolicyMemberKind, [before: unknown, after: unknown, effect: string][]> = {
    format: [[2, 2, 'neutral']],
    max_wait_hours: [
      [24, 48, 'looser'],
      [24, 4, 'stricter'],
    ],
    market_order_margin_percent: [
      ['2', '0.5', 'looser'],
      ['2', '5', 'stricter'],
      ['2', '2.0', 'neutral'],
    ],
    'rules.added': [[null, null, 'neutral']],
    'rules.removed': [[null, null, 'neutral']],
    'rules.moved': [[null, null, 'neutral']],
    'rules.id': [['a', 'b', 'neutral']],
    'rules.operations': [[null, null, 'neutral']],
    'rules.assets': [[null, null, 'neutral']],
    'rules.amount': [[null, null, 'neutral']],
    'rules.destination': [[null, null, 'neutral']],
    'rules.initiator_roles': [[null, null, 'neutral']],
    'rules.action.kind': [
      [hold(1, ['admin']), { kind: 'send' }, 'looser'],
      [{ kind: 'send' }, hold(1, ['admin']), 'stricter'],
      [{ kind: 'refuse', reason: 'no' }, hold(2, ['admin']), 'looser'],
    ],
    'rules.action.approvers': [
      [2, 1, 'looser'],
      [1, 2, 'stricter'],
    ],
    'rules.action.roles': [
      [['admin'], ['admin', 'support'], 'looser'],
      [['admin', 'finance'], ['admin'], 'stricter'],
      [['admin', 'finance'], ['finance', 'admin'], 'neutral'],
    ],
    'rules.action.escalate_to': [
      [['admin'], ['admin', 'finance'], 'looser'],
      [['admin', 'finance'], ['admin'], 'stricter'],
    ],
    'rules.action.max_wait_hours': [
      [4, 24, 'looser'],
      [24, 0.05, 'stricter'],
    ],
    'rules.action.reason': [['No EUR.', 'Not in EUR.', 'neutral']],
    'rules.action.passkey': [
      [true, false, 'looser'],
      [undefined, true, 'stricter'],
      [true, undefined, 'looser'],
      [false, undefined, 'neutral'],
    ],
    'default_rule.kind': [['hold', 'hold', 'neutral']],
    'default_rule.approvers': [[2, 1, 'looser']],
    'default_rule.roles': [[['admin'], ['admin', 'finance'], 'looser']],
    'default_rule.max_wait_hours': [[24, 12, 'stricter']],
    'default_rule.passkey': [[false, true, 'stricter']],
    'limits.added': [[null, {}, 'stricter']],
    'limits.removed': [[{}, null, 'looser']],
    'limits.role': [['finance', 'support', 'neutral']],
    'limits.operator': [['ann', 'bob', 'neutral']],
    'limits.side': [['initiate', 'approve', 'neutral']],
    'limits.asset': [['USD', 'EUR', 'neutral']],
    'limits.window': [['24h', '7d', 'neutral']],
    'limits.max': [
      ['50000', '90000.5', 'looser'],
      ['50000', '49999.99', 'stricter'],
    ],
    'limits.over': [
      [undefined, 'escalate', 'looser'],
      ['escalate', 'refuse', 'stricter'],
      [undefined, 'refuse', 'neutral'],
    ],
    'limits.lift_roles': [[['admin'], ['admin', 'finance'], 'looser']],
    'passkeys.cooling_off_hours': [
      [24, 1, 'looser'],
      [1, 48, 'stricter'],
    ],
    'passkeys.console_actions': [
      [true, false, 'looser'],
      [false, true, 'stricter'],
    ],
    'destination_book.cooling_off_hours': [
      [24, 0.05, 'looser'],
      [0, 1, 'stricter'],
    ],
    'destination_book.test_amounts': [['1.00', '5.00', 'neutral']],
  };

  it.each(Object.entries(CASES).flatMap(([member, cases]) => cases.map((c) => [member, ...c])))(
    '%s from %j to %j is %s',
    (member, before, after, effect) => {
      expect(judgeChange(member as PolicyMemberKind, before, after)).toBe(effect);
    },
  );

  it('judges a change by what the rules decide from the decisions it is given', () => {
    const decided = (looser: boolean, stricter: boolean) => () => ({ looser, stricter });
    expect(judgeChange('rules.amount', null, null, decided(true, true))).toBe('looser');
    expect(judgeChange('rules.amount', null, null, decided(false, true))).toBe('stricter');
    expect(judgeChange('rules.moved', null, null, decided(false, false))).toBe('neutral');
  });
});
