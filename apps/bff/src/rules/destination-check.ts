/**
 * A send's destination as the rules see it (issue 37): whether a rule that may decide the send
 * asks the book of allowed destinations, what the book says of the destination, whether the rule
 * that decides refuses it for where its money goes, and why, in words. Pure, as the rule engine
 * that calls it.
 */
import {
  asksTheBook,
  describeDestination,
  needsStanding,
  type DestinationCheck,
  type PolicyDocumentV2,
  type PolicyRule,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import { decideByRules, type ApprovalPolicy } from '../approvals/policy';
import type { DestinationStanding } from '../destinations/destination-view';
import { factsOf, shapeOf, type SendShape } from './policy-facts';

type Body = Record<string, unknown>;

/**
 * Whether a rule that may decide a send of `operation` asks the book (`needsStanding`), once per
 * document and operation: a document is never changed once built (a new version is a new one),
 * and every send and every decision of it asks.
 */
const standingAsked = new WeakMap<PolicyDocumentV2, Map<WriteOperationId, boolean>>();

export function asksStanding(document: PolicyDocumentV2, operation: WriteOperationId): boolean {
  let known = standingAsked.get(document);
  if (!known) standingAsked.set(document, (known = new Map()));
  let asks = known.get(operation);
  if (asks === undefined) known.set(operation, (asks = needsStanding(document, operation)));
  return asks;
}

/** Why money may not go to a destination that stands so, in words (after the destination). */
function standingWords(standing: DestinationStanding): string {
  const name = standing.name ? ` ("${standing.name}")` : '';
  switch (standing.state) {
    case 'NOT_IN_BOOK':
      return ' is not in the book of allowed destinations: propose it, and it becomes usable once another operator approved it and its cooling-off has passed';
    case 'PENDING_APPROVAL':
      return `${name} awaits another operator's approval, after which it cools off before it is usable`;
    case 'COOLING_OFF':
      return `${name} is cooling off: usable from ${standing.usableFrom}`;
    case 'REVOKED':
      return `${name} was revoked at ${standing.revoked?.at} by ${standing.revoked?.by_name}: ${standing.revoked?.reason}`;
    case 'ACTIVE':
      return `${name} is usable`;
  }
}

const NOT_IN_BOOK: DestinationStanding = {
  state: 'NOT_IN_BOOK',
  entryId: null,
  name: null,
  usableFrom: null,
  revoked: null,
};

/** The rule that decides a send, when it refuses it for where its money goes. */
export function refusingForDestination(
  policy: ApprovalPolicy,
  index: number,
): PolicyRule | undefined {
  const rule = policy.document.rules[index];
  return rule?.action.kind === 'refuse' && asksTheBook(rule.destination) ? rule : undefined;
}

/**
 * What the book says of a send's destination, or null for a send that names none: `required`
 * when the rules refuse this send to a destination outside the book, `allowed` unless the rule
 * that decides it refuses it for its destination. Decided as the send is, by its maker's role.
 */
export function destinationCheck(
  policy: ApprovalPolicy,
  operation: string,
  body: Body,
  standing: DestinationStanding | undefined,
  role: Role,
): DestinationCheck | null {
  const id = operation as WriteOperationId;
  return checkDestination(policy, id, shapeOf(id, body), standing, role);
}

/**
 * `destinationCheck` of a send whose shape is read, given the index of the rule that decides it
 * with `standing` when the caller decided that already (the send path does).
 */
export function checkDestination(
  policy: ApprovalPolicy,
  id: WriteOperationId,
  shape: SendShape,
  standing: DestinationStanding | undefined,
  role: Role,
  decidedIndex?: number,
): DestinationCheck | null {
  const found = shape.destination;
  if (!found) return null;
  // No rule that may decide it asks the book: nothing is refused for where it goes.
  const asks = asksStanding(policy.document, id);
  const indexWith = (given: DestinationStanding | undefined) =>
    decideByRules(policy, factsOf(id, shape, role, given)).decision.index;
  const refusedAt = (index: number) => refusingForDestination(policy, index) !== undefined;
  const given = asks && refusedAt(decidedIndex ?? indexWith(standing));
  // Facts without an ACTIVE entry or an entry id read as NOT_IN_BOOK's: decided once.
  const outside = standing?.state !== 'ACTIVE' && !standing?.entryId;
  const state = standing?.state ?? 'NOT_IN_BOOK';
  return {
    target: found.target,
    required: asks && (outside ? given : refusedAt(indexWith(NOT_IN_BOOK))),
    state,
    entry_id: standing?.entryId ?? null,
    name: standing?.name ?? null,
    usable_from: standing?.usableFrom ?? null,
    allowed: !given,
  };
}

/** Why a rule refuses a send for its destination, in words: the rule's reason, then the book's. */
export function destinationRefusal(
  check: DestinationCheck | null,
  standing: DestinationStanding | undefined,
  reason: string,
): string | null {
  if (!check || check.allowed) return null;
  const because = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  // A rule may refuse one entry of the book even while it is usable: its reason says why.
  if (standing?.state === 'ACTIVE') return because;
  const where = `${describeDestination(check.target)}${standingWords(standing ?? NOT_IN_BOOK)}`;
  return `${because} The ${where}.`;
}
