import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PagedList } from '@/lib/use-paged-list';
import { Freshness } from '../states/freshness';
import { ExportCsvButton, type CsvExport } from './export-csv';
import { PagedResults, type PagedResultsProps } from './paged-results';

export interface ListPageProps<T> extends PagedResultsProps<T> {
  title: string;
  /** A sentence under the title: what the list holds, or leaves out. */
  intro?: ReactNode;
  /** Buttons and links beside the title (New order); Export CSV comes from `csv`. */
  actions?: ReactNode;
  /** The filter bar, above the list. */
  filters?: ReactNode;
  /** Shown instead of the list when the operator may not read it. */
  denied?: ReactNode;
  /** The list's CSV export of the rows it shows; every list of records has one. */
  csv?: CsvExport<T>;
  list: PagedList<T>;
}

/**
 * A page that lists records: its title, filters, when the list was read (and that it is stale
 * when a refresh failed), and the rows page by page. Every list page is this, so they look and
 * behave alike.
 */
export function ListPage<T>({
  title,
  intro,
  actions,
  filters,
  denied,
  csv,
  ...results
}: ListPageProps<T>) {
  const rows = results.list.data?.pages.flatMap((page) => page.items) ?? [];
  const exported = csv && !denied ? <ExportCsvButton csv={csv} rows={rows} /> : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </div>
        {(actions || exported) && (
          <Group gap="xs">
            {actions}
            {exported}
          </Group>
        )}
      </Group>
      {denied ? (
        denied
      ) : (
        <>
          {filters}
          <Freshness query={results.list} />
          <PagedResults {...results} />
        </>
      )}
    </Stack>
  );
}
