import { journalFacts, journalStateWords, type JournalEntry } from '@console/schemas';
import { formatMoney } from '@/lib/format-amount';
import { operationTitle } from '@/lib/operation-title';
import { requestKindWords } from '@/lib/request-kind-words';

export { operationTitle };

/** "Create internal transfer of 2,500.00 USD": what a request was, in one phrase. */
export function requestPhrase(entry: JournalEntry): string {
  const { amount, asset } = journalFacts(entry);
  const title = operationTitle(entry.operation);
  return amount ? `${title} of ${formatMoney(amount, asset ?? undefined)}` : title;
}

/** Where a request stood and where it stands now, for the notification a maker gets. */
export interface Change {
  title: string;
  message: string;
  color: string;
}

/**
 * What to tell a maker when their request, which was waiting for approval, has moved on; undefined
 * when there is nothing to tell (it still waits, or they cancelled it themselves).
 */
export function describeChange(entry: JournalEntry): Change | undefined {
  const what = requestPhrase(entry);
  switch (entry.state) {
    case 'AWAITING_APPROVAL':
    case 'CANCELLED':
      return undefined;
    case 'APPROVED':
    case 'SENDING':
      return { color: 'blue', title: 'Approved', message: `${what}: approved, being sent.` };
    case 'SUCCEEDED': {
      const words = requestKindWords(entry.operation);
      return { color: 'teal', title: words.done, message: `${what}: ${words.doneMessage}.` };
    }
    case 'REJECTED':
      return {
        color: 'red',
        title: 'Rejected',
        message: entry.error
          ? `${what}: ${entry.error}. Nothing was sent.`
          : `${what}: approved, but the service refused it.`,
      };
    case 'EXPIRED':
      return {
        color: 'orange',
        title: 'Expired',
        message: `${what}: nobody approved it in time. Nothing was sent.`,
      };
    default:
      return { color: 'orange', title: journalStateWords(entry.state), message: what };
  }
}
