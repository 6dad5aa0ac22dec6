import {
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';

/** A list read page by page: what `PagedResults` shows and `Freshness` dates. */
export type PagedList<T, P extends { items: T[] } = { items: T[] }> = UseInfiniteQueryResult<
  InfiniteData<P>
>;

type ItemOf<P extends { items: unknown[] }> = P['items'][number];

export interface PagedListSpec<P extends { items: unknown[] }> {
  key: QueryKey;
  /** Reads one page: the first without a cursor, the next with the cursor of the one before. */
  page: (cursor: string | undefined) => Promise<P>;
  /** The cursor of the page after this one, or undefined on the last. */
  next: (page: P) => string | undefined;
  /** Rows the console keeps, where the list has no filter of its own for what the operator chose. */
  keep?: ((item: ItemOf<P>) => boolean) | undefined;
  enabled?: boolean;
}

/**
 * Cursor paging, once: the query under its key, "Load more" by the cursor of the last page, and
 * the rows the console filters itself (a page may then show fewer rows than it read).
 */
export function usePagedList<P extends { items: unknown[] }>({
  key,
  page,
  next,
  keep,
  enabled,
}: PagedListSpec<P>): PagedList<ItemOf<P>, P> {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => page(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: next,
    select: keep
      ? (data) => ({
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.filter(keep) })),
        })
      : undefined,
    ...(enabled === undefined ? {} : { enabled }),
  });
}
