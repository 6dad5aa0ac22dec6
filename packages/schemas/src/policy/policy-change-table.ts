import Big from 'big.js';
import type { PolicyAction } from './policy-document';
import { looserBy } from './policy-loosening';

/*
 * Whether a change to one member of the policy makes the console stricter or looser (issue 66):
 * ONE table, a row for every member kind of the policy's document, so that the approval page,
 * its confirm dialog, the notification and the editor's preview classify alike. The table's test
 * walks the document's schema and fails on a member kind without a row; the BFF's test does the
 * same for the limits' and the book's members, whose schemas it keeps.
 */

/** How a change moves the console: fewer approvals (looser), more (stricter), or neither. */
export const CHANGE_EFFECTS = ['looser', 'stricter', 'neutral'] as const;
export type ChangeEffect = (typeof CHANGE_EFFECTS)[number];

/**
 * The ways a member's change is judged:
 * - `by-decisions`: by what the rules decide before and after the one change (first match wins,
 *   so a condition's effect depends on the rules around it); looser when any send needs less.
 * - `by-action`: an action replaced by one of another kind, by what it asks of a send.
 * - `fewer-is-looser`, `more-is-looser`: a figure (decimal string or number).
 * - `wider-is-looser`: a list of roles; roles added let more people approve.
 * - `escalating-is-looser`: a limit's `over`: escalating lets a send past it through.
 * - `added-is-stricter`, `removed-is-looser`: a limit as a whole.
 * - `identity`: it names which rule or limit it is: another value reads as one removed and
 *   another added, each judged by its own row.
 * - `asked-is-stricter`: a yes-or-no that asks more of a decision when yes (a passkey); unset is no.
 * - `neutral`: it decides nothing about who approves.
 */
export type ChangeJudge =
  | 'by-decisions'
  | 'by-action'
  | 'fewer-is-looser'
  | 'more-is-looser'
  | 'wider-is-looser'
  | 'escalating-is-looser'
  | 'added-is-stricter'
  | 'removed-is-looser'
  | 'identity'
  | 'asked-is-stricter'
  | 'neutral';

interface Row {
  /** The member in the operator's words, as the change list names it. */
  name: string;
  judge: ChangeJudge;
}

/**
 * Every member kind of a policy document, by its path in the schema (rules' and limits' members
 * under `rules.` and `limits.`; `.added`, `.removed`, `.moved` for a whole rule or limit).
 */
export const POLICY_CHANGE_TABLE = {
  format: { name: 'Format', judge: 'neutral' },
  // A longer wait lets an approval come further from what the maker saw: the facts go staler.
  max_wait_hours: { name: 'A held request waits at most', judge: 'more-is-looser' },
  // A larger margin raises a market order's estimate: thresholds hold more of them.
  market_order_margin_percent: {
    name: "A market order's estimated notional is raised by",
    judge: 'fewer-is-looser',
  },
  'rules.added': { name: 'Rule added', judge: 'by-decisions' },
  'rules.removed': { name: 'Rule removed', judge: 'by-decisions' },
  'rules.moved': { name: 'Rule moved', judge: 'by-decisions' },
  'rules.id': { name: 'Rule id', judge: 'identity' },
  'rules.operations': { name: 'operations', judge: 'by-decisions' },
  'rules.assets': { name: 'assets', judge: 'by-decisions' },
  'rules.amount': { name: 'amount (threshold)', judge: 'by-decisions' },
  'rules.destination': { name: 'destination', judge: 'by-decisions' },
  'rules.initiator_roles': { name: 'initiated by', judge: 'by-decisions' },
  'rules.action.kind': { name: 'action', judge: 'by-action' },
  'rules.action.approvers': { name: 'approvers', judge: 'fewer-is-looser' },
  'rules.action.roles': { name: 'approver roles', judge: 'wider-is-looser' },
  'rules.action.escalate_to': { name: 'escalate to', judge: 'wider-is-looser' },
  'rules.action.max_wait_hours': { name: 'waits at most', judge: 'more-is-looser' },
  'rules.action.reason': { name: 'reason given for refusing', judge: 'neutral' },
  'rules.action.passkey': { name: 'signed with a passkey', judge: 'asked-is-stricter' },
  // The default always holds: its kind cannot change.
  'default_rule.kind': { name: 'When no rule matches', judge: 'neutral' },
  'default_rule.approvers': { name: 'When no rule matches: approvers', judge: 'fewer-is-looser' },
  'default_rule.roles': { name: 'When no rule matches: approver roles', judge: 'wider-is-looser' },
  'default_rule.max_wait_hours': {
    name: 'When no rule matches: waits at most',
    judge: 'more-is-looser',
  },
  'default_rule.passkey': {
    name: 'When no rule matches: signed with a passkey',
    judge: 'asked-is-stricter',
  },
  'limits.added': { name: 'Limit added', judge: 'added-is-stricter' },
  'limits.removed': { name: 'Limit removed', judge: 'removed-is-looser' },
  'limits.role': { name: 'role', judge: 'identity' },
  'limits.operator': { name: 'operator', judge: 'identity' },
  'limits.side': { name: 'side', judge: 'identity' },
  'limits.asset': { name: 'asset', judge: 'identity' },
  'limits.window': { name: 'window', judge: 'identity' },
  'limits.max': { name: 'at most', judge: 'more-is-looser' },
  'limits.over': { name: 'past it', judge: 'escalating-is-looser' },
  'limits.lift_roles': { name: 'lifted by', judge: 'wider-is-looser' },
  'destination_book.cooling_off_hours': { name: 'Cooling-off', judge: 'fewer-is-looser' },
  // A suggestion the form makes for a first send; it binds nothing.
  'destination_book.test_amounts': { name: 'Test amount suggested', judge: 'neutral' },
  // A shorter wait lets a key registered with a stolen session sign sooner.
  'passkeys.cooling_off_hours': { name: "A new passkey's cooling-off", judge: 'fewer-is-looser' },
  'passkeys.console_actions': {
    name: 'Policy versions and book entries signed with a passkey',
    judge: 'asked-is-stricter',
  },
} as const satisfies Record<string, Row>;

export type PolicyMemberKind = keyof typeof POLICY_CHANGE_TABLE;

const compare = (before: unknown, after: unknown) =>
  new Big(String(after)).cmp(new Big(String(before)));

/**
 * Judges one change of `member` from `before` to `after` by its row. `decided` answers for the
 * `by-decisions` rows: how the rules decide with the one change applied (computed by the caller,
 * which holds both documents).
 */
export function judgeChange(
  member: PolicyMemberKind,
  before: unknown,
  after: unknown,
  decided?: () => { looser: boolean; stricter: boolean },
): ChangeEffect {
  const judge: ChangeJudge = POLICY_CHANGE_TABLE[member].judge;
  switch (judge) {
    case 'neutral':
    case 'identity':
      return 'neutral';
    case 'added-is-stricter':
      return 'stricter';
    case 'removed-is-looser':
      return 'looser';
    case 'by-decisions': {
      const shift = decided?.();
      if (!shift) return 'neutral';
      return shift.looser ? 'looser' : shift.stricter ? 'stricter' : 'neutral';
    }
    case 'by-action': {
      const [was, now] = [before as PolicyAction, after as PolicyAction];
      if (looserBy(was, now)) return 'looser';
      return looserBy(now, was) ? 'stricter' : 'neutral';
    }
    case 'fewer-is-looser': {
      const c = compare(before, after);
      return c < 0 ? 'looser' : c > 0 ? 'stricter' : 'neutral';
    }
    case 'more-is-looser': {
      const c = compare(before, after);
      return c > 0 ? 'looser' : c < 0 ? 'stricter' : 'neutral';
    }
    case 'wider-is-looser': {
      const [was, now] = [(before ?? []) as string[], (after ?? []) as string[]];
      if (now.some((role) => !was.includes(role))) return 'looser';
      return was.some((role) => !now.includes(role)) ? 'stricter' : 'neutral';
    }
    case 'asked-is-stricter': {
      const [was, now] = [before === true, after === true];
      if (was === now) return 'neutral';
      return now ? 'stricter' : 'looser';
    }
    case 'escalating-is-looser': {
      // A limit refuses past it unless it says it escalates.
      const [was, now] = [before ?? 'refuse', after ?? 'refuse'];
      if (was === now) return 'neutral';
      return now === 'escalate' ? 'looser' : 'stricter';
    }
  }
}

/** One change of the policy. */
export interface PolicyChangeItem {
  member: PolicyMemberKind;
  /** What it changes: "Rule big, amount (threshold)", "Cooling-off of a new crypto address". */
  subject: string;
  /** The value in force and the proposed one, in words; null for what is added or removed. */
  before: string | null;
  after: string | null;
  effect: ChangeEffect;
  /** For a change judged by what the rules decide: one send it decides otherwise, in words. */
  why?: string;
  /** The whole change in one line: "Cooling-off of a new crypto address: 24 h → 3 min, looser". */
  text: string;
}

/** One change, with its line of text. */
export function changeItem(
  member: PolicyMemberKind,
  subject: string,
  before: string | null,
  after: string | null,
  effect: ChangeEffect,
  why?: string,
): PolicyChangeItem {
  const values = before === null ? (after ?? '') : after === null ? before : `${before} → ${after}`;
  const text = `${subject}${values ? `: ${values}` : ''}, ${effect}${why ? ` (${why})` : ''}`;
  return { member, subject, before, after, effect, ...(why && { why }), text };
}
