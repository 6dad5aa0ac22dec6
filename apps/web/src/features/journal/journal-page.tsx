import { Button } from '@mantine/core';
import { JOURNAL_STATES, isKnownValue } from '@console/schemas';
import { useSearchParams } from 'react-router';
import { ListPage } from '@/components/list/list-page';
import { journalCsvUrl, listJournal, type JournalFilters } from '@/lib/api';
import { usePagedList } from '@/lib/use-paged-list';
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
  const list = usePagedList({
    key: ['journal', 'list', filters],
    page: (cursor) => listJournal(filters, cursor),
    next: (page) => page.next_cursor ?? undefined,
  });
  return (
    <ListPage
      title="Journal"
      actions={
        <Button component="a" href={journalCsvUrl(filters)} download variant="default" size="xs">
          Export CSV
        </Button>
      }
      filters={
        <JournalFiltersBar
          value={filters}
          onApply={(next) =>
            setParams(
              Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<
                string,
                string
              >,
            )
          }
        />
      }
      filtered={Object.keys(filters).length > 0}
      list={list}
      noun={['entry', 'entries']}
      empty={{
        title: 'The journal is empty',
        body: 'Every send through the console is recorded here.',
      }}
    >
      {(items) => <JournalTable items={items} />}
    </ListPage>
  );
}
