import { Anchor, List, Text } from '@mantine/core';
import type { JournalFilters } from '@/lib/api';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listJournal } from '@/lib/api';
import { ErrorState, LoadingState } from '../states/states';
import { LocalTime } from './local-time';
import { personLabel } from '@/lib/person';

/**
 * The journal entries of a record made or changed through the console, found by what the record
 * carries (its reference id), each a link to the entry: the way back from what the service holds
 * to who asked for it.
 */
export function RecordJournal({
  filters,
  what,
}: {
  /** How to find the entries; nothing to look by (no reference id) says so instead. */
  filters: JournalFilters | undefined;
  /** The record in words ("this orchestration"). */
  what: string;
}) {
  const entries = useQuery({
    queryKey: ['journal', 'by-record', filters],
    queryFn: () => listJournal(filters!, undefined, 20),
    enabled: filters !== undefined,
  });
  if (!filters) {
    return <Text size="sm">Nothing to find {what} by in the journal: it has no reference id.</Text>;
  }
  if (entries.isPending) return <LoadingState label="Looking in the journal…" />;
  if (entries.isError) {
    return <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />;
  }
  if (entries.data.items.length === 0) {
    return <Text size="sm">Not made through this console: no journal entry names {what}.</Text>;
  }
  return (
    <List size="sm">
      {entries.data.items.map((entry) => (
        <List.Item key={entry.id}>
          <Anchor component={Link} to={`/journal/${entry.id}`} size="sm">
            Journal entry by {personLabel(entry.operator, entry.operator_name)}
          </Anchor>{' '}
          <LocalTime value={entry.created_at} size="sm" />
        </List.Item>
      ))}
    </List>
  );
}
