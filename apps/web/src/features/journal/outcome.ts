import { problemCode, type JournalEntry } from '@console/schemas';

function titleCase(code: string): string {
  const words = code.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What came of a send beyond its state, in an operator's words: why it was refused, or why
 * nothing is known. The record's status, when sent and now, is `RecordStatus`'s. Never an HTTP
 * code: those stay on the entry's page and in the CSV.
 */
export function outcomeDetail(entry: JournalEntry): string | undefined {
  const response = entry.response as Record<string, unknown> | null;
  if (entry.state === 'UNKNOWN') return entry.error ? `No answer: ${entry.error}` : 'No answer';
  if (entry.state === 'SENDING') return 'Waiting for the service';
  if (entry.state === 'AWAITING_APPROVAL') return 'Nothing sent yet';
  if (entry.state === 'APPROVED') return 'Being sent';
  if (entry.state === 'DUPLICATE')
    return 'The same intent as an earlier send: nothing new happened';
  // Rejected by an approver, cancelled, expired or refused at send time: nothing was sent.
  if (!response && entry.error) return entry.error;
  if (entry.state === 'REJECTED' && response && typeof response === 'object') {
    const code = problemCode(typeof response.type === 'string' ? response.type : undefined);
    const title = typeof response.title === 'string' ? response.title : undefined;
    return code === 'about:blank' ? (title ?? 'Refused by the service') : titleCase(code);
  }
  return undefined;
}

/**
 * Whether "Clone as new" may be offered now. Not while the console itself is still sending this
 * intent (in flight, approved and about to go, or unknown with a reference id, which the resolver
 * reads back and sends again with the same bytes): a clone carries a fresh reference id, so the
 * service would carry out both.
 */
export function mayCloneNow(entry: JournalEntry): boolean {
  if (entry.state === 'SENDING' || entry.state === 'APPROVED') return false;
  return !(entry.state === 'UNKNOWN' && entry.resolution?.may_resend !== false);
}

export function operationTitle(
  operation: string,
  titles: Record<string, { title: string }>,
): string {
  return Object.hasOwn(titles, operation) ? titles[operation]!.title : operation;
}
