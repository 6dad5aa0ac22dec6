import { Button, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from './states';

export interface PagedResultsProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  loadingLabel: string;
  /** What the empty list says: with filters set, or with nothing recorded yet. */
  empty: { title: string; body: string };
  /** The count line, e.g. "3 orders shown, newest first". */
  count: (shown: number) => string;
  children: (items: T[]) => ReactNode;
}

/**
 * A cursor-paged list (journal, orders): loading, error with retry, empty, the rows, and "Load
 * more" while there is a next page; a failed refresh keeps the rows (the page says they are stale). One place, so every list behaves alike.
 */
export function PagedResults<T>({
  query,
  loadingLabel,
  empty,
  count,
  children,
}: PagedResultsProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError && !query.data) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return (
    <>
      <Text size="xs" c="dimmed">
        {count(items.length)}
      </Text>
      {children(items)}
      {query.isFetchNextPageError && (
        <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
      )}
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
  );
}
