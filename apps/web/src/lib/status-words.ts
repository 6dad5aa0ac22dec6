import { journalStateWords, type JournalState } from '@console/schemas';

/**
 * What a badge says of a journaled send, in words, and its tone (colour and symbol): the
 * journal's outcome, except where the service's acceptance is only of a request. A cancel the
 * service accepted is "Cancel requested" until the order reads CANCELLED: the order may still
 * fill, so it never shows as a success of the order before then.
 */
export type Tone = 'good' | 'waiting' | 'bad' | 'attention' | 'neutral';

export interface OutcomeWords {
  label: string;
  tone: Tone;
}

const TONES: Record<JournalState, Tone> = {
  SENDING: 'waiting',
  SUCCEEDED: 'good',
  REJECTED: 'bad',
  UNKNOWN: 'attention',
  AWAITING_APPROVAL: 'waiting',
  APPROVED: 'waiting',
  CANCELLED: 'bad',
  EXPIRED: 'bad',
  DUPLICATE: 'neutral',
};

/**
 * The outcome of a send, given the record's status now when it was read back (`now`).
 *
 * @example
 * outcomeWords({ operation: 'cancelOrder', state: 'SUCCEEDED' }, 'OPEN');
 * // { label: 'Cancel requested', tone: 'waiting' }
 */
export function outcomeWords(
  entry: { operation: string; state: string },
  now?: string | undefined,
): OutcomeWords {
  if (entry.operation === 'cancelOrder' && entry.state === 'SUCCEEDED') {
    if (now === 'CANCELLED') return { label: 'Order cancelled', tone: 'good' };
    if (now === 'FILLED') return { label: 'Filled before the cancel', tone: 'attention' };
    return { label: 'Cancel requested', tone: 'waiting' };
  }
  const tone = Object.hasOwn(TONES, entry.state) ? TONES[entry.state as JournalState] : 'neutral';
  return { label: journalStateWords(entry.state), tone };
}

/** The record's status as the service answered the send: labelled as of then. */
export const whenSentWords = (status: string) => `When sent: ${status}`;
