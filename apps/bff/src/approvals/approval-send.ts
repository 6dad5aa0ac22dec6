import { parseWith, type JournalEntry, type Operator } from '@console/schemas';
import { problems } from '../errors';
import { dispatch, type Dispatched } from '../send/dispatch';
import { sendableOperation } from '../send/operation-table';
import { recount, reportTampered, tampered, withCurrentOperators } from './approval-checks';
import { actorOf, type ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow } from './approval-rows';
import { decodedFields } from './approval-view';
import { claimForRetry, decideNow, policyStop } from './send-time-rules';
import { applyApproved } from '../console-actions/apply-action';
import { consoleActionOf } from '../console-actions/console-actions';

/**
 * The outcome of the last approval: sent (with the send's result), refused before sending, or
 * back to waiting because the approvals, counted again, no longer suffice.
 */
export type ApprovedOutcome =
  | { kind: 'sent'; result: Dispatched }
  | { kind: 'refused'; entry: JournalEntry; reason: string }
  | { kind: 'reopened'; entry: JournalEntry; reason: string };

/** Ends an APPROVED entry without sending it, with the reason in the journal and its events. */
async function refuse(
  deps: ApprovalDeps,
  entry: JournalEntry,
  state: 'REJECTED' | 'EXPIRED' | 'AWAITING_APPROVAL',
  reason: string,
): Promise<JournalEntry> {
  const at = new Date(deps.now());
  const kind = state === 'EXPIRED' ? 'expired' : state === 'REJECTED' ? 'rejected' : 'reopened';
  const moved = await deps.approvals.db.transaction(async (tx) => {
    const done = await deps.journal.move(entry.id, ['APPROVED'], state, reason, tx);
    if (done) await deps.approvals.addEvent(tx, entry.id, kind, null, reason, at);
    return done;
  });
  return moved ?? entry;
}

/**
 * Why an approved request may not be sent now, or null: it changed since it was submitted (a
 * security event), its approval ran out, or its approvals, counted again against the current
 * operators and policy, no longer suffice.
 */
async function blocked(
  deps: ApprovalDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  requestId: string,
): Promise<{
  state: 'REJECTED' | 'EXPIRED' | 'AWAITING_APPROVAL';
  reason: string;
  /** The same in a few words, for a line that says why something was not sent again. */
  why: string;
} | null> {
  if (tampered(entry, request)) {
    return {
      state: 'REJECTED',
      reason: await reportTampered(deps, entry, requestId),
      why: 'the stored request does not match what was approved',
    };
  }
  if (Date.parse(request.expires_at) <= deps.now()) {
    return {
      state: 'EXPIRED',
      reason: `Not sent: the approval was valid until ${request.expires_at}.`,
      why: `the approval was valid until ${request.expires_at}`,
    };
  }
  // Decided again under the version in force: a destination revoked (or no longer allowed) while
  // the request waited, or a rule that refuses such sends now, stops it for good; a rule that
  // asks more approvers now makes it wait for them (ADR 025).
  const now = await decideNow(deps, entry);
  if (now?.refusal)
    return { state: 'REJECTED', reason: `Not sent: ${now.refusal}`, why: now.refusal };
  const given = await deps.approvals.approvals(entry.id);
  const { counting, needed, reasons } = recount(
    await withCurrentOperators(deps, given),
    entry,
    request,
    given,
    now?.requirement,
  );
  if (counting < needed) {
    const because = reasons.join('; ') || 'policy changed';
    return {
      state: 'AWAITING_APPROVAL',
      reason: `Counted again before sending: ${counting} of ${needed} approvals count (${because}). It waits for approval again.`,
      why: `only ${counting} of ${needed} approvals count now (${because})`,
    };
  }
  return null;
}

/**
 * Sends an entry that the last approval moved to APPROVED (or that a restart found APPROVED):
 * the very stored bytes (the upstream client signs them afresh), after checking at this moment
 * that the whole request still hashes to what was approved, that the approval is still valid,
 * that the approvals still count, and that the operation's clock rules still hold (a GTT expiry
 * that passed while waiting refuses it rather than sending it).
 */
export async function sendApproved(
  deps: ApprovalDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  context: { operator: Operator; requestId: string },
): Promise<ApprovedOutcome> {
  const now = deps.now();
  const stop = await blocked(deps, entry, request, context.requestId);
  if (stop) {
    const after = await refuse(deps, entry, stop.state, stop.reason);
    return stop.state === 'AWAITING_APPROVAL'
      ? { kind: 'reopened', entry: after, reason: stop.reason }
      : { kind: 'refused', entry: after, reason: stop.reason };
  }
  // A console action is carried out by the console here, never sent.
  const action = consoleActionOf(entry.operation);
  if (action) {
    const applied = await applyApproved(deps, action, entry, context.operator);
    return applied.kind === 'applied'
      ? { kind: 'sent', result: { entry: applied.entry, data: applied.data } }
      : applied;
  }
  const operation = sendableOperation(entry.operation);
  if (!operation) throw new Error(`Journal entry ${entry.id} names an unknown operation`);
  const checked = parseWith(operation.requestAt(now), decodedFields(entry));
  if (!checked.ok) {
    const why = checked.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
    const reason = `Not sent: at approval time the request is no longer valid (${why.join('; ')}).`;
    return { kind: 'refused', entry: await refuse(deps, entry, 'REJECTED', reason), reason };
  }
  const claimed = await deps.journal.claim(entry.id, ['APPROVED'], context.requestId);
  if (!claimed) return { kind: 'refused', entry, reason: 'Another approval is sending it.' };
  // Recorded before the send: a crash mid-send leaves it SENDING, resolved at start like any send.
  await deps.approvals.addEvent(
    deps.approvals.db,
    entry.id,
    'sent',
    actorOf(context.operator),
    null,
    new Date(now),
  );
  const result = await dispatch(deps, claimed, {
    resolving: false,
    requestId: context.requestId,
  });
  return { kind: 'sent', result };
}

/**
 * Sends an approved request again after an unknown (or refused) outcome: only within the
 * approval's validity, only while it is still the approved request and its approvals still
 * count, and each time as a `resent` line of its history with who and when. Undefined for an
 * entry that never needed approval (the plain retry applies).
 */
export async function resendApproved(
  deps: ApprovalDeps,
  entry: JournalEntry,
  context: { operator: Operator; requestId: string },
): Promise<Dispatched | undefined> {
  const request = await deps.approvals.request(entry.id);
  if (!request) return undefined;
  // Nobody approved sending a request that was rejected, cancelled or expired unsent.
  if (await deps.approvals.neverSent(entry.id)) {
    throw problems.conflict(
      'This request needed approval and was never sent: clone it as a new request instead.',
      entry,
    );
  }
  const stop = await blocked(deps, entry, request, context.requestId);
  if (stop) {
    throw problems.conflict(
      stop.state === 'EXPIRED'
        ? `Not sent again: the approval was valid until ${request.expires_at}. Check the outcome with the service, or clone it as a new request to be approved.`
        : stop.reason.replace('It waits for approval again.', 'Clone it as a new request.'),
      entry,
    );
  }
  const claimed = await claimForRetry(deps, entry, context.requestId);
  if (!claimed) {
    throw problems.conflict(
      `The entry is ${entry.state}; only UNKNOWN or REJECTED entries can be retried.`,
      entry,
    );
  }
  const at = new Date(deps.now());
  await deps.approvals.addEvent(
    deps.approvals.db,
    entry.id,
    'resent',
    actorOf(context.operator),
    null,
    at,
  );
  await deps.journal.history.add({
    journalId: entry.id,
    kind: 'retried',
    actor: actorOf(context.operator),
    detail: `was ${entry.state}`,
    at,
  });
  return dispatch(deps, claimed, { resolving: true, requestId: context.requestId });
}

/**
 * What the console's resolver asks before it sends the stored bytes of an entry again by itself
 * (an UNKNOWN entry, or one a stopped process left SENDING): that its destination may still
 * receive it (issue 37), and for an entry that was approved, the same checks as an operator's
 * retry (`resendApproved`): the whole request still hashes to what was approved, the approval is
 * still valid, its approvals still count. Why not, or null; a resend it allows of an approved
 * entry is a `resent` line of the approval's history with the console as actor.
 */
export async function mayResend(
  deps: ApprovalDeps,
  entry: JournalEntry,
  requestId: string,
): Promise<string | null> {
  const request = await deps.approvals.request(entry.id);
  if (!request) return policyStop(deps, entry);
  const stop = await blocked(deps, entry, request, requestId);
  if (stop) return stop.why;
  await deps.approvals.addEvent(
    deps.approvals.db,
    entry.id,
    'resent',
    null,
    'sent again by the console to settle an unknown outcome',
    new Date(deps.now()),
  );
  return null;
}
