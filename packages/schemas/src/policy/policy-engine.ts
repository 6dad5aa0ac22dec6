import Big from 'big.js';
import type { DestinationKind } from '../destinations-api';
import type { Role } from '../primitives/roles';
import { operations, type WriteOperationId } from '../registry';
import type {
  AmountBand,
  DestinationCondition,
  PolicyAction,
  PolicyDocumentV2,
  PolicyRule,
} from './policy-document';

/*
 * The one policy engine (issue 38): which rule of a policy document decides a send. Pure: the
 * send path, the approval path, the limits, the dry run and the editor call it with facts they
 * gathered, and so decide alike. Amounts are big.js decimals, never JavaScript numbers.
 */

/** The facts of one send a rule is matched against. */
export interface PolicyFacts {
  operation: WriteOperationId;
  /**
   * The asset of the send's amount (for an order: its quote currency, since orders compare their
   * notional); for a write that carries no amount, the asset that arrives at its destination;
   * '' when none.
   */
  asset: string;
  /** The amount in `asset`; undefined when it is not known before the send (a market sell). */
  amount: Big | undefined;
  /** The destination the send names, and whether it is an ACTIVE entry of the book. */
  destination: { kind: DestinationKind; entry_id?: string; in_book: boolean } | undefined;
  initiator_role: Role;
}

/** Which rule decided (`'default'` when none matched, index -1), and what it says. */
export interface PolicyDecision {
  rule: string;
  index: number;
  action: PolicyAction;
}

/** Whether a write carries an amount a band can compare: those that name one, and orders. */
export function hasAmount(operation: WriteOperationId): boolean {
  return operation === 'createOrder' || operations[operation].approval.amount !== undefined;
}

const among = <T>(condition: 'any' | readonly T[], value: T) =>
  condition === 'any' || condition.includes(value);

/**
 * Whether an amount falls in a band. An amount that is not known before the send (a market sell,
 * whose notional is only known once it fills) is taken as large: it is above any `above` and
 * under no `up_to`. Taking it as small would let a sell of any size through under a band meant
 * for small sends; today's rule holds a market sell with two approvers for the same reason.
 */
export function inBand(band: AmountBand, amount: Big | undefined): boolean {
  if (amount === undefined) return band.up_to === undefined;
  if (band.above !== undefined && !amount.gt(new Big(band.above))) return false;
  return band.up_to === undefined || amount.lte(new Big(band.up_to));
}

function destinationMatches(condition: DestinationCondition, facts: PolicyFacts): boolean {
  if (condition === 'any') return true;
  const destination = facts.destination;
  if (!destination) return false;
  if (condition === 'book') return destination.in_book;
  if (condition === 'not-book') return !destination.in_book;
  if ('kind' in condition) return destination.kind === condition.kind;
  return destination.entry_id?.toLowerCase() === condition.entry.toLowerCase();
}

/** Whether a rule matches a send. */
export function ruleMatches(rule: PolicyRule, facts: PolicyFacts): boolean {
  return (
    among(rule.operations, facts.operation) &&
    among(rule.assets, facts.asset) &&
    // A write without an amount never falls in a band: it has no amount, not an unknown one.
    (rule.amount === undefined ||
      (hasAmount(facts.operation) && inBand(rule.amount, facts.amount))) &&
    destinationMatches(rule.destination, facts) &&
    among(rule.initiator_roles, facts.initiator_role)
  );
}

/** Decides a send: the first rule that matches it, else the default, which holds. */
export function decidePolicy(document: PolicyDocumentV2, facts: PolicyFacts): PolicyDecision {
  const index = document.rules.findIndex((rule) => ruleMatches(rule, facts));
  if (index === -1) return { rule: 'default', index: -1, action: document.default_rule };
  const rule = document.rules[index]!;
  return { rule: rule.id, index, action: rule.action };
}

/** How long a send held by `action` may wait, in hours: its own figure, else the document's. */
export function maxWaitHoursOf(
  document: PolicyDocumentV2,
  action: PolicyAction,
): number | undefined {
  if (action.kind !== 'hold' && action.kind !== 'escalate') return undefined;
  return action.max_wait_hours ?? document.max_wait_hours;
}

/** Whether a rule's destination condition asks the book: its word on the destination is needed. */
export const asksTheBook = (condition: DestinationCondition) =>
  condition !== 'any' && !(typeof condition === 'object' && 'kind' in condition);

/**
 * Whether a rule matches every send of `operation` whatever its asset, amount, destination and
 * maker: the rules after it never decide one.
 */
function catchesAll(rule: PolicyRule, operation: WriteOperationId): boolean {
  return (
    among(rule.operations, operation) &&
    rule.assets === 'any' &&
    rule.amount === undefined &&
    rule.destination === 'any' &&
    rule.initiator_roles === 'any'
  );
}

/**
 * The rules that may decide a send of `operation`, in order, and whether the default may (no rule
 * before it catches every such send).
 */
function reachable(document: PolicyDocumentV2, operation: WriteOperationId) {
  const rules: PolicyRule[] = [];
  for (const rule of document.rules) {
    if (!among(rule.operations, operation)) continue;
    rules.push(rule);
    if (catchesAll(rule, operation)) return { rules, fallsThrough: false };
  }
  return { rules, fallsThrough: true };
}

/**
 * Whether deciding a send of `operation` needs the book's word on its destination: a rule that
 * may decide it asks whether the destination is an ACTIVE entry, or which entry it is.
 */
export function needsStanding(document: PolicyDocumentV2, operation: WriteOperationId): boolean {
  return reachable(document, operation).rules.some((rule) => asksTheBook(rule.destination));
}

/**
 * The roles the policy names as approvers of `operation`: of each rule that may decide one of
 * its sends and holds it, and of the default when it may. An approval given by a role it no
 * longer names stops counting (as when today's per-operation rule dropped a role).
 */
export function approverRolesFor(document: PolicyDocumentV2, operation: WriteOperationId): Role[] {
  const { rules, fallsThrough } = reachable(document, operation);
  const roles = new Set<Role>();
  for (const { action } of rules) {
    if (action.kind === 'hold' || action.kind === 'escalate')
      action.roles.forEach((r) => roles.add(r));
  }
  if (fallsThrough) document.default_rule.roles.forEach((r) => roles.add(r));
  return [...roles];
}

/**
 * Whether the policy refuses a send of `operation` (of `asset`, or of some asset when none is
 * given) to a destination that is not an ACTIVE entry of the book: what a form says of where
 * such money may go.
 */
export function refusesOutsideBook(
  document: PolicyDocumentV2,
  operation: WriteOperationId,
  asset?: string,
): boolean {
  return reachable(document, operation).rules.some(
    (rule) =>
      rule.action.kind === 'refuse' &&
      rule.destination === 'not-book' &&
      (asset === undefined || among(rule.assets, asset)),
  );
}
