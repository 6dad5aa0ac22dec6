import { Group, Stack, Text } from '@mantine/core';
import { JOURNAL_STATES, type JournalEntry } from '@console/schemas';
import { outcomeWords, whenSentWords } from '@/lib/status-words';
import { readBackOf } from '@/lib/record-now';
import { useRecordNow } from '@/lib/use-record-now';
import { StatusBadge } from './status-badge';

/**
 * What became of a send, in words, where a cancel the service accepted reads "Cancel requested"
 * until its order reads CANCELLED (status-words.ts), never a success of the order before then.
 */
export function OutcomeBadge({ entry }: { entry: JournalEntry }) {
  const { now } = useRecordNow(entry);
  const words = outcomeWords(entry, now);
  return (
    <StatusBadge value={entry.state} known={JOURNAL_STATES} label={words.label} tone={words.tone} />
  );
}

/** The record's status now, as read back, or why it is not known. */
function Now({ entry }: { entry: JournalEntry }) {
  const record = useRecordNow(entry);
  if (!record.reads) return null;
  const known = readBackOf(entry)?.status.known;
  let shown;
  if (record.now) shown = <StatusBadge value={record.now} known={known} />;
  else if (record.gone)
    shown = (
      <Text span size="xs">
        no longer at the service
      </Text>
    );
  else if (record.failed)
    shown = (
      <Text span size="xs">
        could not be read
      </Text>
    );
  else
    shown = (
      <Text span size="xs" c="dimmed">
        reading…
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Status now">
      <Text span size="xs" c="dimmed">
        Now:
      </Text>
      {shown}
    </Group>
  );
}

/**
 * Two statuses, each true: what the service answered when the console sent (kept by the journal)
 * and what it holds now (read back), labelled, beneath the send's outcome. A status that was
 * final when sent is shown once: it cannot have changed.
 */
export function RecordStatus({
  entry,
  inline = false,
}: {
  entry: JournalEntry;
  /** On one line that wraps (a work queue's item), instead of one under the other. */
  inline?: boolean;
}) {
  const { whenSent } = useRecordNow(entry);
  const Layout = inline ? Group : Stack;
  return (
    <Layout gap={inline ? 'xs' : 2} align={inline ? 'center' : 'flex-start'}>
      <OutcomeBadge entry={entry} />
      {whenSent && (
        <Text size="xs" c="dimmed">
          {whenSentWords(whenSent)}
        </Text>
      )}
      <Now entry={entry} />
    </Layout>
  );
}
