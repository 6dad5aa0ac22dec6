import type {
  ApprovalRequirement,
  DecidingRule,
  Decision,
  JournalEntry,
  Operator,
  RecordSnapshot,
} from '@console/schemas';
import type { Queryable } from '../db/db';
import { problems, ProblemError } from '../errors';
import { requestSha256, type NewJournalEntry } from '../journal/journal-store';
import { verifyDecision } from '../passkeys/decision-signature';
import { liftGiven, reportTampered, tampered, withCurrentOperators } from './approval-checks';
import { withinApprovalLimits } from './approval-limits';
import { actorOf, type ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow } from './approval-rows';
import { sendApproved, type ApprovedOutcome } from './approval-send';
import { cannotDecide, counts } from './approval-view';
import type { Requirement } from './policy';

/**
 * Journals a send that needs approval, in AWAITING_APPROVAL with its exact bytes and hash, its
 * request (with the snapshot of the record it changes, where one is kept, and the escalation a
 * limit asked) and the `submitted` event, in the caller's transaction `tx`. Nothing is sent.
 */
export async function holdIn(
  tx: Queryable,
  deps: ApprovalDeps,
  input: NewJournalEntry,
  requirement: Requirement,
  operator: Operator,
  snapshot?: RecordSnapshot,
  decidingRule?: DecidingRule,
): Promise<{ entry: JournalEntry; approval: ApprovalRequirement }> {
  const at = new Date(deps.now());
  const expiresAt = new Date(at.getTime() + requirement.maxWaitMs).toISOString();
  const { escalation } = requirement;
  const entry = await deps.journal.create(input, 'AWAITING_APPROVAL', tx);
  await deps.approvals.open(tx, {
    journal_id: entry.id,
    approvers_needed: requirement.approversNeeded,
    eligible_roles: requirement.roles,
    body_sha256: entry.body_sha256,
    request_sha256: requestSha256(entry),
    expires_at: expiresAt,
    ...(snapshot ? { snapshot } : {}),
    ...(escalation ? { lift_roles: escalation.liftRoles, escalation: escalation.reason } : {}),
    ...(decidingRule ? { deciding_rule: decidingRule } : {}),
    passkey_required: requirement.passkey === true,
  });
  await deps.approvals.addEvent(tx, entry.id, 'submitted', actorOf(operator), null, at);
  return {
    entry,
    approval: {
      required: true,
      approvers_needed: requirement.approversNeeded,
      eligible_roles: requirement.roles,
      expires_at: expiresAt,
      escalation: escalation
        ? { lift_roles: escalation.liftRoles, reason: escalation.reason }
        : null,
      deciding_rule: decidingRule ?? null,
      passkey_required: requirement.passkey === true,
    },
  };
}

/** {@link holdIn} in a transaction of its own. */
export function holdForApproval(
  deps: ApprovalDeps,
  input: NewJournalEntry,
  requirement: Requirement,
  operator: Operator,
  snapshot?: RecordSnapshot,
): Promise<{ entry: JournalEntry; approval: ApprovalRequirement }> {
  return deps.approvals.db.transaction((tx) =>
    holdIn(tx, deps, input, requirement, operator, snapshot),
  );
}

/** Moves every request waiting past its limit to EXPIRED (on read, and at an interval). */
export async function sweepExpired(
  deps: Pick<ApprovalDeps, 'approvals' | 'journal' | 'now'>,
): Promise<number> {
  const at = new Date(deps.now());
  let expired = 0;
  for (const id of await deps.approvals.dueIds(at)) {
    await deps.approvals.db.transaction(async (tx) => {
      const moved = await deps.journal.move(
        id,
        ['AWAITING_APPROVAL'],
        'EXPIRED',
        'Not sent: nobody approved it within the waiting limit.',
        tx,
      );
      if (moved) {
        expired += 1;
        await deps.approvals.addEvent(tx, id, 'expired', null, null, at);
      }
    });
  }
  return expired;
}

/** The entry and its approval request, after a sweep; 404 for anything else. */
export async function loadRequest(
  deps: ApprovalDeps,
  id: string,
): Promise<{ entry: JournalEntry; request: ApprovalRequestRow }> {
  await sweepExpired(deps);
  const entry = await deps.journal.get(id);
  const request = entry ? await deps.approvals.request(id) : undefined;
  if (!entry || !request) throw problems.notFound('There is no request for approval with this id.');
  return { entry, request };
}

function refusal(status: 403 | 409, detail: string, entry?: JournalEntry): ProblemError {
  return status === 403 ? problems.forbidden(detail) : problems.conflict(detail, entry);
}

/**
 * The proof of a decision signed with a passkey (issue 61): checked before anything is counted.
 * A request held by a rule that asks for one is refused without it (`passkey-required`); a
 * signature given where none is asked is checked and kept all the same.
 */
async function signatureOf(
  deps: ApprovalDeps,
  context: {
    entry: JournalEntry;
    request: ApprovalRequestRow;
    operator: Operator;
    decision: Decision;
    passkey?: unknown;
    requestId: string;
  },
): Promise<string | undefined> {
  if (context.passkey === undefined || context.passkey === null) {
    if (!context.request.passkey_required) return undefined;
    throw new ProblemError({
      status: 422,
      code: 'passkey-required',
      detail: `The policy asks that this ${context.decision === 'approve' ? 'approval' : 'rejection'} be signed with your passkey over the request's exact bytes, and none was given: nothing was counted. Ask for a statement to sign (POST /api/approvals/${context.entry.id}/challenge) and send the passkey's answer as "passkey".`,
    });
  }
  if (!deps.passkeys) {
    throw new ProblemError({
      status: 422,
      code: 'passkey-refused',
      detail: 'This console checks no passkeys. Nothing was counted.',
    });
  }
  return verifyDecision(deps.passkeys, { ...context, assertion: context.passkey });
}

/** What an approval led to: still waiting for more, or the last one (sent or refused). */
export type ApproveOutcome = { kind: 'waiting'; entry: JournalEntry } | ApprovedOutcome;

/**
 * Records `operator`'s approval, with their comment (if any) as the event's detail in the trail.
 * The transaction locks the entry, so approvals of one request run one at a time; the one that
 * completes the count moves it to APPROVED with a conditional UPDATE, and only that caller sends
 * it.
 */
export async function approve(
  deps: ApprovalDeps,
  id: string,
  context: {
    operator: Operator;
    requestId: string;
    comment?: string | null;
    /** The passkey's assertion over the decision's statement (issue 61). */
    passkey?: unknown;
  },
): Promise<ApproveOutcome> {
  const { operator } = context;
  const { entry, request } = await loadRequest(deps, id);
  const refused = cannotDecide(entry, request, await deps.approvals.approvals(id), operator);
  if (refused) throw refusal(refused.status, refused.reason, entry);
  if (tampered(entry, request)) {
    throw problems.conflict(await reportTampered(deps, entry, context.requestId));
  }
  const proof = await signatureOf(deps, { ...context, entry, request, decision: 'approve' });
  const at = new Date(deps.now());
  const approved = await deps.approvals.db.transaction(async (tx) => {
    const state = await deps.approvals.lock(tx, id);
    if (state !== 'AWAITING_APPROVAL') {
      throw problems.conflict(`The request is ${state}; it no longer waits for approval.`);
    }
    // The approver's own limits, summed under their lock: two approvals of theirs at once, in
    // any process, cannot both pass a limit that only one fits in.
    await withinApprovalLimits(deps, tx, entry, operator);
    const added = await deps.approvals.addApproval(tx, id, {
      approver: operator.username,
      approver_name: operator.display_name,
      body_sha256: request.body_sha256,
      request_sha256: request.request_sha256,
      approved_at: at.toISOString(),
    });
    if (!added) throw problems.conflict('You have approved this request already.');
    await deps.approvals.addEvent(
      tx,
      id,
      'approved',
      actorOf(operator),
      context.comment ?? null,
      at,
      proof,
    );
    const given = await deps.approvals.approvals(id, tx);
    const now = await withCurrentOperators(deps, given, tx);
    const counting = given.filter((a) => counts(now, entry, request, a));
    if (counting.length < request.approvers_needed) return undefined;
    // An escalated request waits until one approval that counts is from a role that may lift it.
    if (!liftGiven(now, entry, request, given)) return undefined;
    return deps.journal.move(id, ['AWAITING_APPROVAL'], 'APPROVED', null, tx);
  });
  if (!approved) return { kind: 'waiting', entry: (await deps.journal.get(id)) ?? entry };
  return sendApproved(deps, approved, request, context);
}

/** An approver's refusal, with the reason they gave. Nothing is sent. */
export async function reject(
  deps: ApprovalDeps,
  id: string,
  operator: Operator,
  reason: string,
  signed: { requestId: string; passkey?: unknown } = { requestId: '' },
): Promise<JournalEntry> {
  const { entry, request } = await loadRequest(deps, id);
  const refused = cannotDecide(entry, request, [], operator);
  if (refused) throw refusal(refused.status, refused.reason, entry);
  const proof = await signatureOf(deps, {
    ...signed,
    entry,
    request,
    operator,
    decision: 'reject',
  });
  return finish(
    deps,
    id,
    operator,
    'REJECTED',
    `Rejected by ${operator.display_name}: ${reason}`,
    reason,
    proof,
  );
}

/** The maker withdraws their own request while it waits. Nothing is sent. */
export async function cancel(deps: ApprovalDeps, id: string, operator: Operator) {
  const { entry } = await loadRequest(deps, id);
  if (entry.operator !== operator.username) {
    throw problems.forbidden('Only the operator who made the request can cancel it.');
  }
  return finish(deps, id, operator, 'CANCELLED', `Cancelled by ${operator.display_name}.`, null);
}

async function finish(
  deps: ApprovalDeps,
  id: string,
  operator: Operator,
  state: 'REJECTED' | 'CANCELLED',
  error: string,
  detail: string | null,
  proof?: string,
): Promise<JournalEntry> {
  const at = new Date(deps.now());
  const moved = await deps.approvals.db.transaction(async (tx) => {
    const done = await deps.journal.move(id, ['AWAITING_APPROVAL'], state, error, tx);
    if (done) {
      const kind = state === 'REJECTED' ? 'rejected' : 'cancelled';
      await deps.approvals.addEvent(tx, id, kind, actorOf(operator), detail, at, proof);
    }
    return done;
  });
  if (!moved) {
    const now = await deps.journal.get(id);
    throw problems.conflict(`The request is ${now?.state}; it no longer waits for approval.`, now);
  }
  return moved;
}
