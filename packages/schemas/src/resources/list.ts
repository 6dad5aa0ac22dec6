import { z } from 'zod';

/**
 * A page of a list as the service answers it: `items` and, while more pages exist,
 * `next_page_cursor`. Some lists answer under an older member name (`orchestrations`, `rules`),
 * kept as a deprecated alias: either is read. The appendix marks `items` required only for List
 * Profile Balances (which is no page), so a page that leaves out an empty list, or sends it as
 * `null`, is an empty page. The page always has `items`.
 */
export function listPage<T extends z.ZodType>(item: T, alias?: 'orchestrations' | 'rules') {
  const page = z.looseObject({
    items: z.array(item),
    next_page_cursor: z.string().nullable().optional(),
  });
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const body = raw as Record<string, unknown>;
    if (body.items !== undefined && body.items !== null) return body;
    const aliased = alias === undefined ? undefined : body[alias];
    return { ...body, items: Array.isArray(aliased) ? aliased : [] };
  }, page);
}

/** The `next_page_cursor` of a page, or undefined on the last page (an empty string counts as none). */
export function nextCursor(page: {
  next_page_cursor?: string | null | undefined;
}): string | undefined {
  return page.next_page_cursor ? page.next_page_cursor : undefined;
}
