/**
 * The one rule engine (DESIGN.md §4a, issue 37): what a send needs (approvers, and from whom),
 * whether its destination may receive it, and whether it passes a limit of its maker, decided
 * together from facts gathered beforehand (the book's word on the destination, the window sums
 * from the journal). Pure: the send path, the approval path and the preview call it with the
 * facts they read, and so decide alike. Amounts are big.js decimals throughout.
 */
import {
  decidingRule,
  type DecidingRule,
  type DestinationCheck,
  type DestinationTarget,
  type LimitCheck,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import Big from 'big.js';
import { decideByRules, either, type ApprovalPolicy, type Requirement } from '../approvals/policy';
import type { DestinationStanding } from '../destinations/destination-view';
import { limitsFor } from './limit-rules';
import { check, overWords } from './limit-words';
import { factsOf, shapeOf, type SendShape } from './policy-facts';
import { limitedAmount } from './send-amount';
import type { WindowSums } from './window-sums';
import {
  asksStanding,
  checkDestination,
  destinationRefusal,
  refusingForDestination,
} from './destination-check';

type Body = Record<string, unknown>;
type Who = { username: string; role: Role };

/** The facts a send is decided on that must be read first: which, for this send. */
export interface SendNeeds {
  /**
   * The destination the send names, and whether a rule that may decide it asks the book's word
   * on it (then it is read).
   */
  destination?: { target: DestinationTarget; required: boolean };
  /** The asset of the maker's limits this send meets: its window sums are needed. */
  limitAsset?: string;
  /** What the rules read of the body, read once: given to `decideSend` with the facts. */
  shape: SendShape;
}

export function sendNeeds(
  policy: ApprovalPolicy,
  operation: string,
  body: Body,
  maker: Who,
): SendNeeds {
  const id = operation as WriteOperationId;
  const shape = shapeOf(id, body);
  const needs: SendNeeds = { shape };
  const found = shape.destination;
  if (found) {
    needs.destination = { target: found.target, required: asksStanding(policy.document, id) };
  }
  const amount = limitedAmount(operation, body, shape.threshold);
  if (amount && limitsFor(policy.limits, maker, 'initiate', amount.asset).length > 0) {
    needs.limitAsset = amount.asset;
  }
  return needs;
}

/** The facts of one send. */
export interface SendFacts {
  operation: WriteOperationId;
  body: Body;
  maker: Who;
  /** The book's word on the destination (read when the operation names one). */
  destination?: DestinationStanding;
  /** What the maker initiated of the send's asset in each window (read when limits hold). */
  initiated?: WindowSums;
  /** What the rules read of the body (`sendNeeds`), when read already; else read here. */
  shape?: SendShape;
}

export type SendRefusal = {
  code: 'destination-not-allowed' | 'limit-exceeded' | 'policy-refused';
  detail: string;
};

/** What is decided of a send: refused, or sent at once (`requirement` undefined), or held. */
export interface SendDecision {
  refusal: SendRefusal | null;
  requirement: Requirement | undefined;
  destination: DestinationCheck | null;
  limits: LimitCheck[];
  /** The rule of the policy that decided it, named, and why it matched (issue 66). */
  rule: DecidingRule;
}

type LimitFacts = Pick<SendFacts, 'body' | 'maker' | 'initiated' | 'shape'> & {
  operation: string;
};

/** The maker's limits as this send meets them, each with its rule (none when none holds). */
function initiateChecks(policy: ApprovalPolicy, facts: LimitFacts) {
  const amount = limitedAmount(facts.operation, facts.body, facts.shape?.threshold);
  if (!amount) return [];
  return limitsFor(policy.limits, facts.maker, 'initiate', amount.asset).map((rule) => ({
    rule,
    limit: check(rule, facts.initiated?.[rule.window] ?? new Big(0), amount.amount),
  }));
}

/** The maker's limits as a send meets them: what is left, and whether it passes each. */
export function limitChecks(policy: ApprovalPolicy, facts: LimitFacts): LimitCheck[] {
  return initiateChecks(policy, facts).map((c) => c.limit);
}

/**
 * Decides a send: by the rules of the policy, first match wins (refused, sent at once, or held);
 * then, unless refused, by its maker's limits: refused when it passes one that refuses, else one
 * more approver (one of them from the roles that may lift it) when it passes one that escalates.
 */
export function decideSend(policy: ApprovalPolicy, facts: SendFacts): SendDecision {
  const { operation, body, maker } = facts;
  const shape = facts.shape ?? shapeOf(operation, body);
  // The rules decide once, with the book's word as it is; the destination's check reuses it.
  const policyFacts = factsOf(operation, shape, maker.role, facts.destination);
  const { decision, requirement: base } = decideByRules(policy, policyFacts);
  const rule = decidingRule(policy.document, decision, policyFacts, shape.estimate);
  const destination = checkDestination(
    policy,
    operation,
    shape,
    facts.destination,
    maker.role,
    decision.index,
  );
  const checks = initiateChecks(policy, { ...facts, shape });
  const limits = checks.map((c) => c.limit);
  const decided = (refusal: SendRefusal | null, requirement?: Requirement): SendDecision => ({
    refusal,
    requirement: refusal ? undefined : requirement,
    destination,
    limits,
    rule,
  });
  if (decision.action.kind === 'refuse') {
    const { reason } = decision.action;
    const forDestination = refusingForDestination(policy, decision.index);
    const detail = forDestination && destinationRefusal(destination, facts.destination, reason);
    if (detail) return decided({ code: 'destination-not-allowed', detail });
    return decided({
      code: 'policy-refused',
      detail: `The policy's rule ${decision.rule} refuses it: ${reason}`,
    });
  }
  const over = checks.filter((c) => c.limit.over);
  const passes = (list: typeof over) => list.map((c) => overWords(c.limit)).join(', and ');
  const refusing = over.filter((c) => c.rule.over === 'refuse');
  if (refusing.length > 0) {
    return decided({ code: 'limit-exceeded', detail: `It would pass ${passes(refusing)}.` });
  }
  if (over.length === 0) return decided(null, base);
  // The one more approver must be able to lift every escalating limit it passes, and be of the
  // roles a rule that escalates names.
  const lift = over
    .map((c) => c.rule.liftRoles as Role[])
    .reduce(
      (common, roles) => common.filter((role) => roles.includes(role)),
      base?.escalation?.liftRoles ?? over[0]!.rule.liftRoles,
    );
  if (lift.length === 0) {
    const detail = `It would pass ${passes(over)}, and no role may lift all of them${base?.escalation ? ` and be of ${either(base.escalation.liftRoles)}, as the rule asks` : ''}.`;
    return decided({ code: 'limit-exceeded', detail });
  }
  return decided(null, {
    approversNeeded: (base?.approversNeeded ?? 0) + 1,
    roles: [...new Set([...(base?.roles ?? []), ...lift])],
    maxWaitMs: base?.maxWaitMs ?? policy.maxWaitMs,
    escalation: {
      liftRoles: lift,
      reason: `${base?.escalation ? `${base.escalation.reason} ` : ''}It passes ${passes(over)}: one more approver, from ${either(lift)}.`,
    },
  });
}

/**
 * Decides an approval against the approver's own limits: refused (why) when the request's amount
 * and what they approved in a window together pass a limit of theirs.
 */
export function decideApproval(
  policy: ApprovalPolicy,
  facts: { operation: string; body: Body; approver: Who; approved?: WindowSums },
): { refusal: string | null; limits: LimitCheck[] } {
  const amount = limitedAmount(facts.operation, facts.body);
  if (!amount) return { refusal: null, limits: [] };
  const limits = limitsFor(policy.limits, facts.approver, 'approve', amount.asset).map((rule) =>
    check(rule, facts.approved?.[rule.window] ?? new Big(0), amount.amount),
  );
  const over = limits.filter((limit) => limit.over);
  return {
    refusal:
      over.length === 0
        ? null
        : `You may not approve it: with it you would pass ${over.map(overWords).join(', and ')} on what you approve.`,
    limits,
  };
}

/** The limit asset of an approval, when the approver has limits of it (its sums are needed). */
export function approvalNeeds(
  policy: ApprovalPolicy,
  operation: string,
  body: Body,
  approver: Who,
): string | undefined {
  const amount = limitedAmount(operation, body);
  return amount && limitsFor(policy.limits, approver, 'approve', amount.asset).length > 0
    ? amount.asset
    : undefined;
}
