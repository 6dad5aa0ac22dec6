import { randomUUID } from 'node:crypto';
import type { JournalEntry, Operator } from '@console/schemas';
import type { Logger } from '../logger';
import type { ApprovalDeps } from './approval-deps';
import { sendApproved } from './approval-send';

/** Who the journal names for a send the console itself resumed after a restart. */
const CONSOLE: Operator = {
  username: 'console',
  display_name: 'Console (resumed after a restart)',
  role: 'admin',
};

/**
 * Sends one entry left APPROVED (the process that approved it stopped before its send claimed
 * it), in the console's name, after the same checks as at approval time: hash, waiting limit,
 * approvals counted again, clock rules. The entry after it: sent, refused or waiting again.
 */
export async function sendApprovedAsConsole(
  deps: ApprovalDeps,
  entry: JournalEntry,
  requestId: string,
): Promise<JournalEntry> {
  const request = await deps.approvals.request(entry.id);
  if (!request) throw new Error('the approval request is missing');
  const outcome = await sendApproved(deps, entry, request, { operator: CONSOLE, requestId });
  return outcome.kind === 'sent' ? outcome.result.entry : outcome.entry;
}

/**
 * Sends entries a previous process left APPROVED: it died after the last approval and before the
 * send claimed the entry. Each goes through the same checks as at approval time (hash, waiting
 * limit, clock rules), so a GTT expiry that passed during the outage refuses it instead of
 * sending it. Every process's resolver does this for one entry at a time
 * (`sendApprovedAsConsole`); this is the same for all of them at once.
 */
export async function resumeApproved(deps: ApprovalDeps, logger: Logger): Promise<JournalEntry[]> {
  const done: JournalEntry[] = [];
  for (const entry of await deps.journal.listInState('APPROVED')) {
    const requestId = randomUUID();
    try {
      const after = await sendApprovedAsConsole(deps, entry, requestId);
      done.push(after);
      logger.info(
        {
          request_id: requestId,
          journal_id: entry.id,
          operation: entry.operation,
          state: after.state,
        },
        'resumed an entry left APPROVED',
      );
    } catch (error) {
      logger.error({ journal_id: entry.id, err: error }, 'could not resume an entry left APPROVED');
    }
  }
  return done;
}
