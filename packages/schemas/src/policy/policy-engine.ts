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
