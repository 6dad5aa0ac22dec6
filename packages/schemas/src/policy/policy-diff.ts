import type { PolicyDocumentV2, PolicyRule } from './policy-document';
import {
  actionWords,
  assetsWords,
  bandWords,
  defaultRuleWords,
  destinationWords,
  initiatorWords,
  operationsWords,
  ruleWords,
} from './policy-words';

/*
 * What a new version of the policy changes, for the admin who approves it (issue 38): rules
 * followed by their id, so a rule edited in place reads as changed, not as removed and added.
 */

/** The members of a rule a change can name, in the order the editor shows them. */
export const RULE_MEMBERS = [
  'operations',
  'assets',
  'amount',
  'destination',
  'initiator_roles',
  'action',
] as const;
export type RuleMember = (typeof RULE_MEMBERS)[number];

export type PolicyChange =
  | { kind: 'max-wait'; before: number; after: number; text: string }
  | { kind: 'default'; before: string; after: string; text: string }
  | { kind: 'added'; id: string; index: number; text: string }
  | { kind: 'removed'; id: string; index: number; text: string }
  | {
      kind: 'changed';
      id: string;
      index: number;
      members: { member: RuleMember; before: string; after: string }[];
      text: string;
    }
  | { kind: 'moved'; id: string; from: number; to: number; text: string };

const MEMBER_WORDS: { [M in RuleMember]: (value: PolicyRule[M]) => string } = {
  operations: operationsWords,
  assets: assetsWords,
  amount: bandWords,
  destination: destinationWords,
  initiator_roles: initiatorWords,
  action: (action) => actionWords(action),
};

const MEMBER_NAMES: Readonly<Record<RuleMember, string>> = {
  operations: 'operations',
  assets: 'assets',
  amount: 'amount',
  destination: 'destination',
  initiator_roles: 'initiated by',
  action: 'action',
};

/** JSON with its keys in order, so that `{a, b}` and `{b, a}` are the same value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function memberWords<M extends RuleMember>(member: M, rule: PolicyRule): string {
  return MEMBER_WORDS[member](rule[member]);
}

/**
 * The ids that keep their order relative to each other: the longest run of common rules in the
 * same order in both versions. The others were moved; a rule that only shifted because another
 * was added or removed above it was not.
 */
function keptInOrder(ids: string[], positionAfter: Map<string, number>): Set<string> {
  const positions = ids.map((id) => positionAfter.get(id)!);
  // Longest increasing subsequence, quadratic: a policy has tens of rules.
  const length = positions.map(() => 1);
  const previous = positions.map(() => -1);
  for (let i = 0; i < positions.length; i++) {
    for (let j = 0; j < i; j++) {
      if (positions[j]! < positions[i]! && length[j]! + 1 > length[i]!) {
        length[i] = length[j]! + 1;
        previous[i] = j;
      }
    }
  }
  let end = length.indexOf(Math.max(0, ...length));
  const kept = new Set<string>();
  while (end !== -1) {
    kept.add(ids[end]!);
    end = previous[end]!;
  }
  return kept;
}

/** The changes from `before` to `after`: limits and the book's settings are not compared here. */
export function diffPolicies(before: PolicyDocumentV2, after: PolicyDocumentV2): PolicyChange[] {
  const changes: PolicyChange[] = [];
  if (before.max_wait_hours !== after.max_wait_hours) {
    changes.push({
      kind: 'max-wait',
      before: before.max_wait_hours,
      after: after.max_wait_hours,
      text: `A held send waits at most ${after.max_wait_hours} hours (was ${before.max_wait_hours})`,
    });
  }
  if (canonical(before.default_rule) !== canonical(after.default_rule)) {
    const was = defaultRuleWords(before.default_rule);
    const now = defaultRuleWords(after.default_rule);
    changes.push({ kind: 'default', before: was, after: now, text: `${now} (was: ${was})` });
  }

  const beforeAt = new Map(before.rules.map((rule, index) => [rule.id, index]));
  const afterAt = new Map(after.rules.map((rule, index) => [rule.id, index]));
  before.rules.forEach((rule, index) => {
    if (!afterAt.has(rule.id)) {
      changes.push({
        kind: 'removed',
        id: rule.id,
        index,
        text: `Rule ${rule.id} removed: ${ruleWords(rule)}`,
      });
    }
  });
  const common = before.rules.map((rule) => rule.id).filter((id) => afterAt.has(id));
  const kept = keptInOrder(common, afterAt);
  after.rules.forEach((rule, index) => {
    const was = beforeAt.get(rule.id);
    if (was === undefined) {
      changes.push({
        kind: 'added',
        id: rule.id,
        index,
        text: `Rule ${rule.id} added at position ${index + 1}: ${ruleWords(rule)}`,
      });
      return;
    }
    const old = before.rules[was]!;
    const members = RULE_MEMBERS.filter((m) => canonical(old[m]) !== canonical(rule[m])).map(
      (member) => ({ member, before: memberWords(member, old), after: memberWords(member, rule) }),
    );
    if (members.length > 0) {
      const list = members
        .map((m) => `${MEMBER_NAMES[m.member]} ${m.after} (was ${m.before})`)
        .join('; ');
      changes.push({
        kind: 'changed',
        id: rule.id,
        index,
        members,
        text: `Rule ${rule.id} changed: ${list}. Now: ${ruleWords(rule)}`,
      });
    }
    if (!kept.has(rule.id)) {
      changes.push({
        kind: 'moved',
        id: rule.id,
        from: was,
        to: index,
        text: `Rule ${rule.id} moved from position ${was + 1} to ${index + 1}`,
      });
    }
  });
  return changes;
}
