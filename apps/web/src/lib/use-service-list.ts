import { fillPath, nextCursor, operations, type ReadOperationId } from '@console/schemas';
import type { z } from 'zod';
import { readService, type ReadQuery } from './api';
import { usePagedList, type PagedList } from './use-paged-list';

type Read<Id extends ReadOperationId> = (typeof operations)[Id];
type ResponseOf<Id extends ReadOperationId> = z.infer<Read<Id>['response']>;

/** The registry's reads that answer a page of records and the cursor of the next. */
export type ListReadId = {
  [Id in ReadOperationId]: ResponseOf<Id> extends {
    items: unknown[];
    next_page_cursor?: string | null;
  }
    ? Id
    : never;
}[ReadOperationId];

export type ListItem<Id extends ListReadId> = ResponseOf<Id>['items'][number];

/** A page of a list read as the console uses it: its records and the cursor of the next. */
export interface ListPageOf<Id extends ListReadId> {
  items: ListItem<Id>[];
  next_page_cursor?: string | null | undefined;
}

/** The query of a list read, by the names its schema gives them; paging is the reader's. */
export type ListQuery<Id extends ListReadId> = {
  [Name in Exclude<keyof Read<Id>['shape']['query'], 'limit' | 'page_cursor'>]?:
    ReadQuery[string] | undefined;
};

/** The query with empty filters left out, so that "no filter" is one cache entry however held. */
function given(query: Readonly<Record<string, ReadQuery[string] | undefined>>): ReadQuery {
  return Object.fromEntries(
    Object.entries(query).filter(
      ([, value]) =>
        value !== undefined && value !== '' && !(Array.isArray(value) && !value.length),
    ),
  );
}

/** Which page: its size, and the cursor the page before it gave (none for the first). */
export interface PageAt {
  limit: number | undefined;
  cursor?: string | undefined;
}

/** One page of a list read of the registry, at its path, parsed with its response schema. */
export function readListPage<Id extends ListReadId>(
  id: Id,
  query: ListQuery<Id>,
  { limit, cursor }: PageAt,
  params: Readonly<Record<string, string>> = {},
): Promise<ListPageOf<Id>> {
  const read = operations[id];
  return readService(
    fillPath(read.path, params),
    { ...given(query), limit, page_cursor: cursor },
    read.response as unknown as z.ZodType<ListPageOf<Id>>,
  );
}

/**
 * Every record of a list read, walked to its last page at the read's largest page: what pickers
 * offer and what names a bare id in a table.
 */
export async function readWholeList<Id extends ListReadId>(
  id: Id,
  query: ListQuery<Id> = {},
): Promise<ListItem<Id>[]> {
  const limit = operations[id].paging?.maxLimit;
  const items: ListItem<Id>[] = [];
  let cursor: string | undefined;
  do {
    const page = await readListPage(id, query, { limit, cursor });
    items.push(...page.items);
    cursor = nextCursor(page);
  } while (cursor);
  return items;
}

export interface ServiceListOptions<Id extends ListReadId> {
  /** Rows a page asks the service for. */
  pageSize?: number;
  /** Rows the console keeps, where the service has no filter for what the operator chose. */
  keep?: ((item: ListItem<Id>) => boolean) | undefined;
  enabled?: boolean;
}

/**
 * A list of what the service holds, as a page shows it: the registry's read (path and schema),
 * its query under one cache key (`['svc', id, …]`, so a send's invalidation of `svc` reaches
 * it), newest first a page at a time, and the rows the console filters itself.
 *
 * @example
 * const orders = useServiceList('listOrders', { status: 'OPEN' });
 * <ListPage list={orders} …>
 */
export function useServiceList<Id extends ListReadId>(
  id: Id,
  query: ListQuery<Id>,
  { pageSize = 50, keep, enabled }: ServiceListOptions<Id> = {},
): PagedList<ListItem<Id>, ListPageOf<Id>> {
  const filters = given(query);
  return usePagedList<ListPageOf<Id>>({
    key: ['svc', id, filters, pageSize],
    page: (cursor) => readListPage(id, filters, { limit: pageSize, cursor }),
    next: nextCursor,
    keep,
    ...(enabled === undefined ? {} : { enabled }),
  });
}
