import type { JournalEntry, Operator } from '@console/schemas';
import type { ApprovalDeps } from '../approvals/approval-deps';
import { bodyFields } from '../send/operation-table';
import { ActionRefused, type ConsoleAction } from './action-types';

/** What applying an approved action led to: done, or refused (REJECTED, with the reason). */
export type Applied =
  | { kind: 'applied'; entry: JournalEntry; data: unknown }
  | { kind: 'refused'; entry: JournalEntry; reason: string };

/** Thrown inside the transaction when the entry is no longer this process's to apply. */
class NotOurs extends Error {}

/**
 * Carries out an approved console action, after the approvals' checks at send time (the hash,
 * the validity, the recount): its entry moves from APPROVED to SUCCEEDED with the record as its
 * answer in the very transaction that applies it, so it is applied once whichever process (the
 * last approval's, or a resolver after a crash) gets there. One that cannot be done as things
 * stand (its destination was added meanwhile) is REJECTED with the reason, nothing applied.
 */
export async function applyApproved(
  deps: ApprovalDeps,
  action: ConsoleAction<unknown>,
  entry: JournalEntry,
  operator: Operator,
): Promise<Applied> {
  const at = new Date(deps.now());
  const parsed = action.request.safeParse(bodyFields(entry.request_body));
  try {
    if (!parsed.success) {
      throw new ActionRefused(409, 'Not carried out: the stored request is no longer valid.');
    }
    const applied = await deps.approvals.db.transaction(async (tx) => {
      const data = await action.apply(tx, deps, parsed.data, { entry, at, operator });
      const settled = await deps.journal.settleLocally(
        entry.id,
        ['APPROVED'],
        { state: 'SUCCEEDED', response: data },
        tx,
      );
      if (!settled) throw new NotOurs();
      return { kind: 'applied' as const, entry: settled, data };
    });
    await action.applied?.(deps);
    return applied;
  } catch (error) {
    if (error instanceof NotOurs) {
      const now = (await deps.journal.get(entry.id)) ?? entry;
      return { kind: 'refused', entry: now, reason: 'Another process is carrying it out.' };
    }
    if (!(error instanceof ActionRefused)) throw error;
    const reason = error.reason;
    const refused = await deps.approvals.db.transaction(async (tx) => {
      const moved = await deps.journal.move(entry.id, ['APPROVED'], 'REJECTED', reason, tx);
      if (moved) await deps.approvals.addEvent(tx, entry.id, 'rejected', null, reason, at);
      return moved;
    });
    return { kind: 'refused', entry: refused ?? entry, reason };
  }
}
