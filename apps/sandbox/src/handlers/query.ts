import { MAX_ARRAY_VALUES } from '@console/schemas';
import { fieldError } from '../problem';
import type { Order, OrderBy, PageRequest } from '../state/pages';

/** A read's query as validated: repeated parameters as arrays, numbers and booleans parsed. */
export type Query = Record<string, unknown>;

/** One text value of the query, or undefined. */
export function text(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : undefined;
  return value === undefined ? undefined : String(value);
}

/** The values of a repeated parameter; more than 100 is a 400 naming it. */
export function values(query: Query, name: string): string[] | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  const list = (Array.isArray(value) ? value : [value]).map(String);
  if (list.length > MAX_ARRAY_VALUES) {
    throw fieldError(name, `takes at most ${MAX_ARRAY_VALUES} values`);
  }
  return list;
}

/** A boolean flag such as `include_deleted`. */
export function flag(query: Query, name: string): boolean {
  const value = query[name];
  return value === true || value === 'true';
}

/** The paging members of the query. */
export function paging(query: Query): PageRequest {
  const limit = query.limit;
  return {
    limit: limit === undefined ? undefined : Number(limit),
    page_cursor: text(query, 'page_cursor'),
    order: text(query, 'order') as Order | undefined,
    order_by: text(query, 'order_by') as OrderBy | undefined,
  };
}
