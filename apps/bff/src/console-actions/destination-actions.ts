/**
 * The console actions of the book of allowed destinations (issue 37): adding an entry (four
 * eyes: another operator approves the exact proposal, and it then cools off before money may go
 * there), and revoking one (an admin, at once, from any state; a security event).
 */
import {
  CONSOLE_ACTIONS,
  describeDestination,
  MONEY_ROLES,
  type AddAllowedDestination,
  type RevokeAllowedDestination,
} from '@console/schemas';
import type { Queryable } from '../db/db';
import { isTaken, type DestinationRow } from '../destinations/destination-store';
import { bookEntry } from '../destinations/destination-view';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { actorOf } from '../approvals/approval-deps';
import { ActionRefused, type ActionContext, type ConsoleAction } from './action-types';

/** Who approved a proposal (usernames), in the order they did. */
async function approversOf(deps: ApprovalDeps, proposalId: string, tx: Queryable) {
  return (await deps.approvals.approvals(proposalId, tx)).map((a) => a.approver);
}

export const addAllowedDestination: ConsoleAction<AddAllowedDestination> = {
  id: 'addAllowedDestination',
  request: CONSOLE_ACTIONS.addAllowedDestination.request,
  path: () => '/api/destinations',
  refId: (body) => body.id,
  roles: MONEY_ROLES,
  approval: { approvers: 1, roles: MONEY_ROLES },
  /** Puts the approved proposal in the book, cooling off for its kind's time from now. */
  async apply(tx, deps, body, { entry, at }) {
    const row: DestinationRow = {
      id: body.id,
      target: body.target,
      name: body.name,
      reason: body.reason,
      added_by: entry.operator,
      added_by_name: entry.operator_name,
      proposed_at: entry.created_at,
      proposal_id: entry.id,
      approved_at: at.toISOString(),
      usable_from: new Date(at.getTime() + deps.policy.coolingOff[body.target.kind]).toISOString(),
      revoked: null,
    };
    // The unique index decides a race between two proposals of one destination; this names it.
    const live = await deps.destinations.byTarget(body.target, tx);
    if (live && !live.revoked) {
      throw new ActionRefused(
        409,
        `Not added: the ${describeDestination(body.target)} is in the book already ("${live.name}").`,
      );
    }
    let added: DestinationRow;
    try {
      added = await deps.destinations.insert(tx, row);
    } catch (error) {
      if (!isTaken(error)) throw error;
      throw new ActionRefused(409, 'Not added: the destination was added meanwhile.');
    }
    return bookEntry(added, await approversOf(deps, entry.id, tx), at.getTime());
  },
};

/** The entry as revoked: a row of the book, or a proposal still awaiting approval (ended too). */
async function revokeRow(
  tx: Queryable,
  deps: ApprovalDeps,
  body: RevokeAllowedDestination,
  { at, operator }: ActionContext,
): Promise<DestinationRow> {
  const revoked = {
    at: at.toISOString(),
    by: operator.username,
    by_name: operator.display_name,
    reason: body.reason,
  };
  const row = await deps.destinations.get(body.id, tx);
  if (row) {
    if (row.revoked) {
      throw new ActionRefused(409, `It was revoked already, at ${row.revoked.at}.`);
    }
    return (await deps.destinations.revoke(tx, body.id, revoked))!;
  }
  const pending = (await deps.destinations.pending(tx)).find((p) => p.proposal.id === body.id);
  if (!pending) throw new ActionRefused(404, 'There is no entry of the book with this id.');
  // A proposal being applied this very moment is in the book an instant later: revoke it then.
  const ended = await deps.journal.move(
    pending.entry.id,
    ['AWAITING_APPROVAL'],
    'REJECTED',
    `Revoked by ${operator.display_name} before it was approved: ${body.reason}`,
    tx,
  );
  if (!ended) {
    throw new ActionRefused(
      409,
      'It is being added at this moment: revoke it once it is in the book.',
    );
  }
  await deps.approvals.addEvent(
    tx,
    pending.entry.id,
    'rejected',
    actorOf(operator),
    body.reason,
    at,
  );
  const { proposal, entry } = pending;
  return deps.destinations.insert(tx, {
    id: proposal.id,
    target: proposal.target,
    name: proposal.name,
    reason: proposal.reason,
    added_by: entry.operator,
    added_by_name: entry.operator_name,
    proposed_at: entry.created_at,
    proposal_id: entry.id,
    approved_at: null,
    usable_from: null,
    revoked,
  });
}

export const revokeAllowedDestination: ConsoleAction<RevokeAllowedDestination> = {
  id: 'revokeAllowedDestination',
  request: CONSOLE_ACTIONS.revokeAllowedDestination.request,
  path: (body) => `/api/destinations/${body.id}/revoke`,
  refId: () => null,
  roles: ['admin'],
  approval: null,
  /** Revokes it at once, and records the security event in the same transaction. */
  async apply(tx, deps, body, context) {
    const row = await revokeRow(tx, deps, body, context);
    await deps.securityEvents?.record(
      {
        kind: 'destination-revoked',
        username: context.operator.username,
        actor: context.operator.username,
        requestId: context.entry.request_id,
        detail: `${row.id}: ${describeDestination(row.target)} ("${row.name}"): ${body.reason}`,
      },
      tx,
    );
    return bookEntry(row, await approversOf(deps, row.proposal_id, tx), context.at.getTime());
  },
};
