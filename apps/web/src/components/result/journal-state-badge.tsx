import { JOURNAL_STATES, journalStateWords } from '@console/schemas';
import { StatusBadge } from './status-badge';

/** What became of a send, in words ("Succeeded", "Outcome unknown"), coloured by its state. */
export function JournalStateBadge({ state }: { state: string }) {
  return <StatusBadge value={state} known={JOURNAL_STATES} label={journalStateWords(state)} />;
}
