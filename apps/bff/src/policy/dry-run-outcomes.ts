/**
 * A dry run's decisions compared and counted (issue 38): when two outcomes differ, the approvals
 * they ask per set of roles, and a decision described for the list of changes.
 */
import {
  defaultRuleWords,
  ruleWords,
  type DryRunCounts,
  type DryRunDecision,
  type MarketEstimate,
  type PolicyDecision,
  type PolicyDocumentV2,
} from '@console/schemas';

export const zeroCounts = (): DryRunCounts => ({ send: 0, hold: 0, escalate: 0, refuse: 0 });

/**
 * What an outcome is, for comparing two: its kind, and for a hold or an escalation its number of
 * approvers, roles and escalation roles (sorted). A refusal's reason and a wait do not count.
 */
export function outcomeKey(decision: PolicyDecision): string {
  const { action } = decision;
  if (action.kind === 'send' || action.kind === 'refuse') return action.kind;
  const roles = [...action.roles].sort().join(',');
  const to = action.kind === 'escalate' ? [...action.escalate_to].sort().join(',') : '';
  return `${action.kind}:${action.approvers}:${roles}:${to}`;
}

/**
 * The approvals per set of roles: a held or escalated send adds its number of approvers to the
 * set of roles it names, once, since any of them may give each approval (a hold of 2 from finance
 * or admin adds 2 to "admin, finance", not 2 to each). An escalation counts like a hold of its
 * approvers and roles: the one of `escalate_to` is among them.
 */
export function approvalCounter() {
  const totals = new Map<string, number>();
  return {
    add(decision: PolicyDecision) {
      const { action } = decision;
      if (action.kind !== 'hold' && action.kind !== 'escalate') return;
      const key = [...new Set(action.roles)].sort().join(',');
      totals.set(key, (totals.get(key) ?? 0) + action.approvers);
    },
    list: () =>
      [...totals.entries()]
        .map(([key, approvals]) => ({ roles: key.split(','), approvals }))
        .sort((a, b) => b.approvals - a.approvals || a.roles.join().localeCompare(b.roles.join())),
  };
}

/** A decision of `document` in words, with the estimate its thresholds compared, if any. */
export function described(
  document: PolicyDocumentV2,
  decision: PolicyDecision,
  estimate?: MarketEstimate,
): DryRunDecision {
  const { action } = decision;
  const rule = document.rules[decision.index];
  return {
    outcome: action.kind,
    ...((action.kind === 'hold' || action.kind === 'escalate') && {
      approvers: action.approvers,
      roles: [...action.roles],
    }),
    ...(action.kind === 'escalate' && { escalate_to: [...action.escalate_to] }),
    rule: decision.rule,
    rule_words: rule
      ? ruleWords(rule, document.market_order_margin_percent)
      : defaultRuleWords(document.default_rule),
    ...(estimate && { estimate }),
  };
}
