import { z } from 'zod';

/** Where a list read's items come and how it pages: a member of its read's registry entry. */
export interface ListSpec {
  /** The member the service answers the items under: `items`, or `addresses`, `events`. */
  member: string;
  /** A deprecated name the service may answer under instead (`orchestrations`, `rules`). */
  alias?: string;
  /** The order of a page when the query names none. */
  defaultOrder: 'ASC' | 'DESC';
  /** The largest `limit` a page may ask. */
  maxLimit: number;
  /** The service's page size when the query names none; absent where the spec states none. */
  defaultLimit?: number;
}

/**
 * A page of a list as the service answers it: the items under the list's member (or its
 * deprecated alias) and, while more pages exist, `next_page_cursor` (`next_page` in two of the
 * appendix's texts: read either). The page always has `items`, whatever member the service used:
 * a page that leaves out an empty list, or sends it as `null`, is an empty page.
 */
export function listPage<T extends z.ZodType>(
  item: T,
  list: Pick<ListSpec, 'member' | 'alias'> = { member: 'items' },
) {
  const page = z.looseObject({
    items: z.array(item),
    next_page_cursor: z.string().nullable().optional(),
  });
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const body = raw as Record<string, unknown>;
    // Absent or null is an empty list; anything else that is not a list is a drift, refused.
    const given = (name: string | undefined) =>
      name === undefined || body[name] === undefined || body[name] === null
        ? undefined
        : body[name];
    const items = given(list.member) ?? given(list.alias) ?? [];
    const cursor = body.next_page_cursor ?? body.next_page;
    return {
      ...body,
      items,
      ...(cursor !== undefined ? { next_page_cursor: cursor } : {}),
    };
  }, page);
}

/** The schema of a page of `T`. */
export type ListPageSchema<T extends z.ZodType> = ReturnType<typeof listPage<T>>;

/** The `next_page_cursor` of a page, or undefined on the last page (an empty string counts as none). */
export function nextCursor(page: {
  next_page_cursor?: string | null | undefined;
}): string | undefined {
  return page.next_page_cursor ? page.next_page_cursor : undefined;
}
