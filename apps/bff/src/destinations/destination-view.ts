/**
 * Where an entry of the book stands at a moment, and the book as the browser reads it. Pure: the
 * clock is an argument, so that COOLING_OFF becomes ACTIVE by time alone, the same for every
 * process and for a test's clock.
 */
import {
  destinationKey,
  type AllowedDestination,
  type DestinationState,
  type DestinationTarget,
} from '@console/schemas';
import type { DestinationRow, PendingProposal } from './destination-store';

/** A row's state at `now`: REVOKED, COOLING_OFF until `usable_from`, then ACTIVE. */
export function stateAt(row: DestinationRow, now: number): DestinationState {
  if (row.revoked) return 'REVOKED';
  return row.usable_from !== null && Date.parse(row.usable_from) <= now ? 'ACTIVE' : 'COOLING_OFF';
}

/** What the book says of one destination at a moment (`NOT_IN_BOOK` when nothing). */
export interface DestinationStanding {
  state: DestinationState | 'NOT_IN_BOOK';
  entryId: string | null;
  name: string | null;
  usableFrom: string | null;
  /** For a revoked entry: when, by whom and why. */
  revoked: DestinationRow['revoked'];
}

/**
 * The standing of `target`: its live row, else a proposal of it awaiting approval, else its
 * last revoked row, else not in the book.
 */
export function standingOf(
  target: DestinationTarget,
  row: DestinationRow | undefined,
  pending: readonly PendingProposal[],
  now: number,
): DestinationStanding {
  if (row && !row.revoked) {
    return {
      state: stateAt(row, now),
      entryId: row.id,
      name: row.name,
      usableFrom: row.usable_from,
      revoked: null,
    };
  }
  const key = destinationKey(target);
  const proposed = pending.find((p) => destinationKey(p.proposal.target) === key);
  if (proposed) {
    return {
      state: 'PENDING_APPROVAL',
      entryId: proposed.proposal.id,
      name: proposed.proposal.name,
      usableFrom: null,
      revoked: null,
    };
  }
  if (row) {
    return {
      state: 'REVOKED',
      entryId: row.id,
      name: row.name,
      usableFrom: null,
      revoked: row.revoked,
    };
  }
  return { state: 'NOT_IN_BOOK', entryId: null, name: null, usableFrom: null, revoked: null };
}

/** A row as the browser reads it. */
export function bookEntry(
  row: DestinationRow,
  approvedBy: readonly string[],
  now: number,
): AllowedDestination {
  return {
    id: row.id,
    target: row.target,
    name: row.name,
    reason: row.reason,
    state: stateAt(row, now),
    usable_from: row.usable_from,
    added_by: row.added_by,
    added_by_name: row.added_by_name,
    proposed_at: row.proposed_at,
    proposal_id: row.proposal_id,
    approved_by: [...approvedBy],
    approved_at: row.approved_at,
    revoked: row.revoked,
  };
}

/** A proposal awaiting approval as an entry of the book. */
export function pendingEntry(
  pending: PendingProposal,
  approvedBy: readonly string[],
): AllowedDestination {
  const { entry, proposal } = pending;
  return {
    id: proposal.id,
    target: proposal.target,
    name: proposal.name,
    reason: proposal.reason,
    state: 'PENDING_APPROVAL',
    usable_from: null,
    added_by: entry.operator,
    added_by_name: entry.operator_name,
    proposed_at: entry.created_at,
    proposal_id: entry.id,
    approved_by: [...approvedBy],
    approved_at: null,
    revoked: null,
  };
}

const ORDER: Record<DestinationState, number> = {
  ACTIVE: 0,
  COOLING_OFF: 1,
  PENDING_APPROVAL: 2,
  REVOKED: 3,
};

/**
 * The book in the order pickers offer it: usable entries first (by name), then those cooling
 * off (soonest usable first), those awaiting approval, and the revoked (latest first).
 */
export function inPickerOrder(entries: AllowedDestination[]): AllowedDestination[] {
  const when = (e: AllowedDestination) =>
    e.state === 'REVOKED'
      ? -Date.parse(e.revoked?.at ?? e.proposed_at)
      : Date.parse(e.usable_from ?? e.proposed_at);
  return [...entries].sort(
    (a, b) =>
      ORDER[a.state] - ORDER[b.state] ||
      (a.state === 'ACTIVE' ? a.name.localeCompare(b.name) : when(a) - when(b)) ||
      a.id.localeCompare(b.id),
  );
}
