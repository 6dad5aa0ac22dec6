import { problemCode, type JournalEntry } from '@console/schemas';

/** One short phrase for what came of a send: the journal table's "Outcome" column. */
export function outcomeOf(entry: JournalEntry): string {
  const response = entry.response as Record<string, unknown> | null;
  if (entry.state === 'UNKNOWN') return entry.error ? `No answer: ${entry.error}` : 'No answer';
  if (entry.state === 'SENDING') return 'Waiting for the service';
  if (entry.state === 'AWAITING_APPROVAL') return 'Waiting for approval';
  if (entry.state === 'APPROVED') return 'Approved, being sent';
  // Rejected by an approver, cancelled, expired or refused at send time: nothing was sent.
  if (!response && entry.error) return entry.error;
  if (!response || typeof response !== 'object') {
    return entry.response_status ? `HTTP ${entry.response_status}` : '—';
  }
  if (entry.state === 'REJECTED') {
    const code = problemCode(typeof response.type === 'string' ? response.type : undefined);
    const title = typeof response.title === 'string' ? response.title : code;
    return `${entry.response_status ?? ''} ${code === 'about:blank' ? title : code}`.trim();
  }
  const resource = (
    typeof response.rule === 'object' && response.rule ? response.rule : response
  ) as Record<string, unknown>;
  const status = typeof resource.status === 'string' ? resource.status : undefined;
  return `${entry.response_status ?? 200}${status ? ` · ${status}` : ''}`;
}

export function operationTitle(
  operation: string,
  titles: Record<string, { title: string }>,
): string {
  return Object.hasOwn(titles, operation) ? titles[operation]!.title : operation;
}
