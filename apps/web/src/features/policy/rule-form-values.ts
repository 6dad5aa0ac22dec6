import {
  PolicyRuleSchema,
  type ApproverRole,
  type PolicyRule,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';

/*
 * A policy rule as its form holds it: a choice of "any" beside each list, decimals as the text
 * typed, the destination as a choice and its value. `formToRule` makes the rule the shared
 * `PolicyRuleSchema` checks, and each of its problems lands on the field that holds the member.
 */

export const DESTINATION_CHOICES = ['any', 'book', 'not-book', 'kind', 'entry'] as const;
export type DestinationChoice = (typeof DESTINATION_CHOICES)[number];
export const ACTION_KINDS = ['send', 'hold', 'escalate', 'refuse'] as const;

export interface RuleFormValues {
  id: string;
  any_operation: boolean;
  operations: WriteOperationId[];
  any_asset: boolean;
  /** Asset codes separated by commas or spaces, as typed. */
  assets: string;
  /** Decimals as typed: they stay text on their way to the document. */
  amount: { above: string; up_to: string };
  destination: { choice: DestinationChoice; value: string };
  anyone: boolean;
  initiator_roles: Role[];
  action: {
    kind: (typeof ACTION_KINDS)[number];
    approvers: '1' | '2';
    roles: ApproverRole[];
    escalate_to: ApproverRole[];
    max_wait_hours: string;
    reason: string;
  };
}

/** A new rule's starting values: every send, held for one admin, until the admin narrows it. */
export function blankRule(id: string): PolicyRule {
  return {
    id,
    operations: 'any',
    assets: 'any',
    destination: 'any',
    initiator_roles: 'any',
    action: { kind: 'hold', approvers: 1, roles: ['admin'] },
  };
}

export function ruleToForm(rule: PolicyRule): RuleFormValues {
  const action = rule.action;
  const destination = rule.destination;
  return {
    id: rule.id,
    any_operation: rule.operations === 'any',
    operations: rule.operations === 'any' ? [] : [...rule.operations],
    any_asset: rule.assets === 'any',
    assets: rule.assets === 'any' ? '' : rule.assets.join(', '),
    amount: { above: rule.amount?.above ?? '', up_to: rule.amount?.up_to ?? '' },
    destination:
      typeof destination === 'string'
        ? { choice: destination, value: '' }
        : 'kind' in destination
          ? { choice: 'kind', value: destination.kind }
          : { choice: 'entry', value: destination.entry },
    anyone: rule.initiator_roles === 'any',
    initiator_roles: rule.initiator_roles === 'any' ? [] : [...rule.initiator_roles],
    action: {
      kind: action.kind,
      approvers: action.kind === 'hold' || action.kind === 'escalate' ? `${action.approvers}` : '1',
      roles: action.kind === 'hold' || action.kind === 'escalate' ? [...action.roles] : ['admin'],
      escalate_to: action.kind === 'escalate' ? [...action.escalate_to] : [],
      max_wait_hours:
        (action.kind === 'hold' || action.kind === 'escalate') &&
        action.max_wait_hours !== undefined
          ? String(action.max_wait_hours)
          : '',
      reason: action.kind === 'refuse' ? action.reason : '',
    },
  };
}

const hours = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The rule the values say, unchecked: `PolicyRuleSchema` says what is wrong with it. */
export function formToRule(values: RuleFormValues): unknown {
  const above = values.amount.above.trim();
  const upTo = values.amount.up_to.trim();
  const { choice, value } = values.destination;
  const destination =
    choice === 'kind' ? { kind: value } : choice === 'entry' ? { entry: value.trim() } : choice;
  const a = values.action;
  const approval = {
    approvers: Number(a.approvers),
    roles: a.roles,
    ...(hours(a.max_wait_hours) !== undefined && { max_wait_hours: hours(a.max_wait_hours) }),
  };
  const action =
    a.kind === 'send'
      ? { kind: 'send' }
      : a.kind === 'refuse'
        ? { kind: 'refuse', reason: a.reason }
        : a.kind === 'hold'
          ? { kind: 'hold', ...approval }
          : { kind: 'escalate', ...approval, escalate_to: a.escalate_to };
  return {
    id: values.id.trim(),
    operations: values.any_operation ? 'any' : values.operations,
    assets: values.any_asset
      ? 'any'
      : values.assets
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((code) => code.toUpperCase()),
    ...((above || upTo) && {
      amount: { ...(above && { above }), ...(upTo && { up_to: upTo }) },
    }),
    destination,
    initiator_roles: values.anyone ? 'any' : values.initiator_roles,
    action,
  };
}

/** The form field that shows a problem of a rule's member: `amount.above` → `amount.above`. */
export function fieldOf(member: string): string {
  const [head = '', next] = member.split('.');
  if (head === 'amount') return next === 'up_to' ? 'amount.up_to' : 'amount.above';
  if (head === 'destination') return 'destination.value';
  if (head === 'action') {
    const known = ['approvers', 'roles', 'escalate_to', 'max_wait_hours', 'reason'];
    return next && known.includes(next) ? `action.${next}` : 'action.kind';
  }
  if (['id', 'operations', 'assets', 'initiator_roles'].includes(head)) return head;
  return 'root';
}

/**
 * The form's resolver: the values as a rule, checked by `PolicyRuleSchema`, and an id no other
 * rule of the draft has (the document's own check, said where the id is typed).
 */
export function ruleResolver(
  otherIds: () => readonly string[],
): Resolver<RuleFormValues, unknown, PolicyRule> {
  return (values, _context, options) => {
    const parsed = PolicyRuleSchema.safeParse(formToRule(values));
    const flat: Record<string, FieldError> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.'));
        flat[field] ??= { type: issue.code, message: issue.message };
      }
    }
    const id = values.id.trim();
    if (otherIds().includes(id)) {
      flat.id ??= {
        type: 'duplicate',
        message: `Rule id ${id} is used by another rule: each rule needs its own id`,
      };
    }
    if (parsed.success && Object.keys(flat).length === 0)
      return { values: parsed.data, errors: {} };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
