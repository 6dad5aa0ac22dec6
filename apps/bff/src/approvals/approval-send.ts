import { parseWith, type JournalEntry, type Operator } from '@console/schemas';
import { bodySha256 } from '../journal/journal-store';
import { dispatch, type Dispatched } from '../send/dispatch';
import { sendableOperation } from '../send/operation-table';
import { actorOf, type ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow } from './approval-store';
import { decodedFields } from './approval-view';

/** The outcome of the last approval: sent (with the send's result), or refused before sending. */
export type ApprovedOutcome =
  { kind: 'sent'; result: Dispatched } | { kind: 'refused'; entry: JournalEntry; reason: string };

/** Ends an APPROVED entry without sending it, with the reason in the journal and its events. */
async function refuse(
  deps: ApprovalDeps,
  entry: JournalEntry,
  state: 'REJECTED' | 'EXPIRED',
  reason: string,
): Promise<ApprovedOutcome> {
  const at = new Date(deps.now());
  const moved = await deps.approvals.db.transaction(async (tx) => {
    const done = await deps.journal.move(entry.id, ['APPROVED'], state, reason, tx);
    if (done) {
      await deps.approvals.addEvent(
        tx,
        entry.id,
        state === 'EXPIRED' ? 'expired' : 'rejected',
        null,
        reason,
        at,
      );
    }
    return done;
  });
  return { kind: 'refused', entry: moved ?? entry, reason };
}

/**
 * Sends an entry that the last approval moved to APPROVED: the very stored bytes (the upstream
 * client signs them afresh), after checking at this moment that they still hash to what was
 * approved, that the request has not expired, and that the operation's clock rules still hold
 * (a GTT expiry that passed while waiting refuses it rather than sending it).
 */
export async function sendApproved(
  deps: ApprovalDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  context: { operator: Operator; requestId: string },
): Promise<ApprovedOutcome> {
  const now = deps.now();
  if (bodySha256(entry.request_body) !== request.body_sha256) {
    return refuse(
      deps,
      entry,
      'REJECTED',
      'Not sent: the stored body does not match the hash that was approved.',
    );
  }
  if (Date.parse(request.expires_at) <= now) {
    return refuse(deps, entry, 'EXPIRED', 'Not sent: the approval came after the waiting limit.');
  }
  const operation = sendableOperation(entry.operation);
  if (!operation) throw new Error(`Journal entry ${entry.id} names an unknown operation`);
  const checked = parseWith(operation.requestAt(now), decodedFields(entry));
  if (!checked.ok) {
    const why = checked.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
    return refuse(
      deps,
      entry,
      'REJECTED',
      `Not sent: at approval time the request is no longer valid (${why.join('; ')}).`,
    );
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
