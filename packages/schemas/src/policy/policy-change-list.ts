import Big from 'big.js';
import {
  type HoldAction,
  type PolicyAction,
  type PolicyDocumentV2,
  type PolicyRule,
} from './policy-document';
import { diffPolicies } from './policy-diff';
import {
  changeItem,
  judgeChange,
  POLICY_CHANGE_TABLE,
  type ChangeEffect,
  type PolicyChangeItem,
  type PolicyMemberKind,
} from './policy-change-table';
import { bookChanges, limitChanges } from './policy-setting-changes';
import { decisionShift, type DecidedOtherwise } from './policy-loosening';
import { actionWords, either, hoursWords } from './policy-words';

/*
 * What a proposed version changes of the version in force, member by member, old → new in the
 * operator's words and each judged by the one table (issue 66): what the approver reads before
 * approving, looser changes first. Rules are followed by id as `diffPolicies` follows them; the
 * settings it leaves out (the limits, the book's cooling-off) are compared here member by member.
 */

const ORDER: Readonly<Record<ChangeEffect, number>> = { looser: 0, stricter: 1, neutral: 2 };

const approverWords = (n: number) => `${n} approver${n === 1 ? '' : 's'}`;
const rolesWords = (roles: readonly string[] | undefined) =>
  roles && roles.length > 0 ? either(roles) : 'none';

/** One send decided otherwise, as the reason of a change's effect. */
function shiftWords(d: DecidedOtherwise): string {
  return `${d.send} ${actionWords(d.was.action)} (rule ${d.was.rule}), and would ${actionWords(d.now.action)} (rule ${d.now.rule})`;
}

/** The rules with one change applied to `before`, to judge that change alone. */
type RulesEdit = (rules: PolicyRule[]) => PolicyRule[];

function judgedByDecisions(before: PolicyDocumentV2, edit: RulesEdit) {
  const shift = decisionShift(before, { ...before, rules: edit([...before.rules]) });
  const effect: ChangeEffect = shift.looser ? 'looser' : shift.stricter ? 'stricter' : 'neutral';
  const example = shift.looser ?? shift.stricter;
  return {
    shift,
    effect,
    why: example && `${example.how}: for example ${shiftWords(example)}`,
  };
}

/** The changes of one held or escalating action whose kind stayed, field by field. */
function actionChanges(
  prefix: 'rules.action' | 'default_rule',
  subject: string,
  was: HoldAction | Extract<PolicyAction, { kind: 'escalate' }>,
  now: HoldAction | Extract<PolicyAction, { kind: 'escalate' }>,
  waits: { before: number; after: number },
): PolicyChangeItem[] {
  const changes: PolicyChangeItem[] = [];
  const field = (
    key: 'approvers' | 'roles' | 'escalate_to' | 'max_wait_hours',
    b: unknown,
    a: unknown,
    words: (v: never) => string,
  ) => {
    const member = `${prefix}.${key}` as PolicyMemberKind;
    const name = POLICY_CHANGE_TABLE[member].name;
    changes.push(
      changeItem(
        member,
        prefix === 'default_rule' ? name : `${subject}, ${name}`,
        words(b as never),
        words(a as never),
        judgeChange(member, b, a),
      ),
    );
  };
  if (was.approvers !== now.approvers)
    field('approvers', was.approvers, now.approvers, approverWords);
  if (rolesWords(was.roles) !== rolesWords(now.roles))
    field('roles', was.roles, now.roles, rolesWords);
  if (was.kind === 'escalate' && now.kind === 'escalate') {
    if (rolesWords(was.escalate_to) !== rolesWords(now.escalate_to))
      field('escalate_to', was.escalate_to, now.escalate_to, rolesWords);
  }
  if (was.max_wait_hours !== now.max_wait_hours && waits.before !== waits.after)
    field('max_wait_hours', waits.before, waits.after, hoursWords);
  return changes;
}

/** A rule's changed action: replaced by another kind, else field by field. */
function ruleActionChanges(
  id: string,
  was: PolicyAction,
  now: PolicyAction,
  documents: { before: PolicyDocumentV2; after: PolicyDocumentV2 },
): PolicyChangeItem[] {
  const subject = `Rule ${id}`;
  if (was.kind !== now.kind) {
    const member = 'rules.action.kind';
    return [
      changeItem(
        member,
        `${subject}, ${POLICY_CHANGE_TABLE[member].name}`,
        actionWords(was),
        actionWords(now),
        judgeChange(member, was, now),
      ),
    ];
  }
  if (was.kind === 'refuse' && now.kind === 'refuse') {
    const member = 'rules.action.reason';
    return was.reason === now.reason
      ? []
      : [
          changeItem(
            member,
            `${subject}, ${POLICY_CHANGE_TABLE[member].name}`,
            was.reason,
            now.reason,
            judgeChange(member, was.reason, now.reason),
          ),
        ];
  }
  if (was.kind === 'send' || now.kind === 'send' || was.kind === 'refuse' || now.kind === 'refuse')
    return [];
  return actionChanges('rules.action', subject, was, now, {
    before: was.max_wait_hours ?? documents.before.max_wait_hours,
    after: now.max_wait_hours ?? documents.after.max_wait_hours,
  });
}

/** The rules' changes: added, removed, moved (with what it changes of who decides), changed. */
function ruleChanges(before: PolicyDocumentV2, after: PolicyDocumentV2): PolicyChangeItem[] {
  const changes: PolicyChangeItem[] = [];
  const beforeById = new Map(before.rules.map((rule) => [rule.id, rule]));
  const afterById = new Map(after.rules.map((rule) => [rule.id, rule]));
  const without = (rules: PolicyRule[], id: string) => rules.filter((r) => r.id !== id);

  for (const change of diffPolicies(before, after)) {
    switch (change.kind) {
      case 'added': {
        const rule = afterById.get(change.id)!;
        const judged = judgedByDecisions(before, (rules) => {
          rules.splice(Math.min(change.index, rules.length), 0, rule);
          return rules;
        });
        const subject = `Rule ${change.id} added at position ${change.index + 1}`;
        const words = change.text.slice(change.text.indexOf(': ') + 2);
        changes.push(changeItem('rules.added', subject, null, words, judged.effect, judged.why));
        break;
      }
      case 'removed': {
        const judged = judgedByDecisions(before, (rules) => without(rules, change.id));
        const subject = `Rule ${change.id} removed from position ${change.index + 1}`;
        const words = change.text.slice(change.text.indexOf(': ') + 2);
        changes.push(changeItem('rules.removed', subject, words, null, judged.effect, judged.why));
        break;
      }
      case 'moved': {
        // Put it before the rule that follows it in the proposal, as far as the version in
        // force has that rule: the move alone, as the proposal makes it.
        const next = after.rules.slice(change.to + 1).find((r) => beforeById.has(r.id));
        const rule = beforeById.get(change.id)!;
        const judged = judgedByDecisions(before, (rules) => {
          const rest = without(rules, change.id);
          const at = next ? rest.findIndex((r) => r.id === next.id) : rest.length;
          rest.splice(at, 0, rule);
          return rest;
        });
        const decider = judged.shift.decider;
        const why = decider
          ? `rule ${decider.now.rule} now decides ${decider.send}, which rule ${decider.was.rule} decided: ${actionWords(decider.was.action)} → ${actionWords(decider.now.action)}`
          : 'no send is decided by another rule';
        const subject = `Rule ${change.id} moved from position ${change.from + 1} to ${change.to + 1}`;
        changes.push(changeItem('rules.moved', subject, null, null, judged.effect, why));
        break;
      }
      case 'changed': {
        const was = beforeById.get(change.id)!;
        const now = afterById.get(change.id)!;
        for (const m of change.members) {
          if (m.member === 'action') {
            changes.push(
              ...ruleActionChanges(change.id, was.action, now.action, { before, after }),
            );
            continue;
          }
          const member = `rules.${m.member}` as const;
          const judged = judgedByDecisions(before, (rules) =>
            rules.map((r) => (r.id === change.id ? { ...r, [m.member]: now[m.member] } : r)),
          );
          changes.push(
            changeItem(
              member,
              `Rule ${change.id}, ${POLICY_CHANGE_TABLE[member].name}`,
              m.before,
              m.after,
              judgeChange(member, was[m.member], now[m.member], () => ({
                looser: judged.effect === 'looser',
                stricter: judged.effect === 'stricter',
              })),
              judged.why,
            ),
          );
        }
        break;
      }
      case 'max-wait':
      case 'default':
        // The settings, below, field by field.
        break;
    }
  }
  return changes;
}

/**
 * What `after` changes of `before`, looser changes first (then stricter, then neutral; each in the
 * document's order). Empty when nothing differs.
 */
export function policyChangeList(
  before: PolicyDocumentV2,
  after: PolicyDocumentV2,
): PolicyChangeItem[] {
  const changes: PolicyChangeItem[] = [];
  if (before.max_wait_hours !== after.max_wait_hours) {
    const member = 'max_wait_hours';
    changes.push(
      changeItem(
        member,
        POLICY_CHANGE_TABLE[member].name,
        hoursWords(before.max_wait_hours),
        hoursWords(after.max_wait_hours),
        judgeChange(member, before.max_wait_hours, after.max_wait_hours),
      ),
    );
  }
  const margin = 'market_order_margin_percent';
  if (new Big(before[margin]).cmp(new Big(after[margin])) !== 0) {
    changes.push(
      changeItem(
        margin,
        POLICY_CHANGE_TABLE[margin].name,
        `${before[margin]} %`,
        `${after[margin]} %`,
        judgeChange(margin, before[margin], after[margin]),
      ),
    );
  }
  changes.push(
    ...actionChanges(
      'default_rule',
      'When no rule matches',
      before.default_rule,
      after.default_rule,
      {
        before: before.default_rule.max_wait_hours ?? before.max_wait_hours,
        after: after.default_rule.max_wait_hours ?? after.max_wait_hours,
      },
    ),
    ...ruleChanges(before, after),
    ...limitChanges(before.limits, after.limits),
    ...bookChanges(before.destination_book, after.destination_book),
  );
  return changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => ORDER[a.change.effect] - ORDER[b.change.effect] || a.index - b.index)
    .map(({ change }) => change);
}
