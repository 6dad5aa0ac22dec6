import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PagedList } from '@/lib/use-paged-list';
import { EmptyState, ErrorState, LoadingState } from '../states/states';

export interface PagedResultsProps<T> {
  list: PagedList<T>;
  /** The records in words, one and many: "order", "orders". */
  noun: readonly [one: string, many: string];
  /** What the empty list says with no filter set; its title is "No <many> yet" unless given. */
  empty: { title?: string; body: string };
  /** A filter is set: an empty list then says that nothing matches. */
  filtered?: boolean;
  /** The list comes newest first (the count line says so); false where the service sets no order. */
  newestFirst?: boolean;
  children: (items: T[]) => ReactNode;
}

/**
 * A cursor-paged list: loading, error with retry, empty, the count and the rows, and "Load more"
 * while there is a next page; a failed refresh keeps the rows (the page says they are stale). One
 * place, so every list behaves alike.
 */
export function PagedResults<T>({
  list,
  noun,
  empty,
  filtered,
  newestFirst = true,
  children,
}: PagedResultsProps<T>) {
  const [one, many] = noun;
  if (list.isPending) return <LoadingState label={`Loading ${many}…`} />;
  if (list.isError && !list.data) {
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return filtered ? (
      <EmptyState title={`No ${many} match these filters`}>Clear a filter to see more.</EmptyState>
    ) : (
      <EmptyState title={empty.title ?? `No ${many} yet`}>{empty.body}</EmptyState>
    );
  }
  return (
    <>
      <Text size="xs" c="dimmed">
        {items.length} {items.length === 1 ? one : many} shown{newestFirst ? ', newest first' : ''}
      </Text>
      {children(items)}
      {list.isFetchNextPageError && (
        <ErrorState error={list.error} onRetry={() => void list.fetchNextPage()} />
      )}
      {list.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}
    </>
  );
}
