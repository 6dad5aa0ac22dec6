import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { JOURNAL_STATES, isKnownValue } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { journalCsvUrl, listJournal, type JournalFilters } from '@/lib/api';
import { JournalFiltersBar } from './journal-filters';
import { JournalTable } from './journal-table';

const KEYS = ['operation', 'state', 'operator', 'ref_id', 'from', 'to'] as const;

function filtersFrom(params: URLSearchParams): JournalFilters {
  const out: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  if (out.state && !isKnownValue(JOURNAL_STATES, out.state)) delete out.state;
  return out as JournalFilters;
}

/** Every send, newest first: who, what, with which reference id, and what came of it. */
export function JournalPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const query = useInfiniteQuery({
    queryKey: ['journal', 'list', filters],
    queryFn: ({ pageParam }) => listJournal(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Journal
        </Title>
        <Button component="a" href={journalCsvUrl(filters)} download variant="default" size="xs">
          Export CSV
        </Button>
      </Group>
      <JournalFiltersBar
        key={params.toString()}
        value={filters}
        onApply={(next) =>
          setParams(
            Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>,
          )
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading the journal…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={filtered ? 'No entries match these filters' : 'The journal is empty'}>
          {filtered
            ? 'Clear a filter to see more.'
            : 'Every send through the console is recorded here.'}
        </EmptyState>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {items.length} entr{items.length === 1 ? 'y' : 'ies'} shown, newest first
          </Text>
          <JournalTable items={items} />
          {query.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              Load more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
