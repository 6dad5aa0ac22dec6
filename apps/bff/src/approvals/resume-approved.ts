import type { JournalEntry, Operator } from '@console/schemas';
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
