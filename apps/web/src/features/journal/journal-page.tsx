import { Button, Group, Stack, Title } from '@mantine/core';
import { JOURNAL_STATES, isKnownValue } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PagedResults } from '@/components/states/paged-results';
import { journalCsvUrl, listJournal, type JournalFilters } from '@/lib/api';
import { FILTER_KEYS, JournalFiltersBar } from './journal-filters';
import { JournalTable } from './journal-table';

function filtersFrom(params: URLSearchParams): JournalFilters {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
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
        value={filters}
        onApply={(next) =>
          setParams(
            Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>,
          )
        }
      />
      <PagedResults
        query={query}
        loadingLabel="Loading the journal…"
        empty={
          filtered
            ? { title: 'No entries match these filters', body: 'Clear a filter to see more.' }
            : {
                title: 'The journal is empty',
                body: 'Every send through the console is recorded here.',
              }
        }
        count={(n) => `${n} entr${n === 1 ? 'y' : 'ies'} shown, newest first`}
      >
        {(items) => <JournalTable items={items} />}
      </PagedResults>
    </Stack>
  );
}
