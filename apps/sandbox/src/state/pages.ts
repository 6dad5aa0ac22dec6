import { createHash } from 'node:crypto';
import { operations, type ReadOperationId } from '@console/schemas';
import { fieldError } from '../problem';

/** A list operation's paging rules (svc-api.md appendix, "Pagination, ordering and filter conventions"). */
export interface PagingRules {
  defaultLimit: number;
  maxLimit: number;
  defaultOrder: 'ASC' | 'DESC';
}

export type Order = 'ASC' | 'DESC';
export type OrderBy = 'CREATED_AT' | 'UPDATED_AT';

/**
 * The immutable key a record sorts on: its timestamp (RFC 3339 text from `toISOString`, which
 * sorts as time does) and its id, which breaks ties. A cursor names the last key a page held.
 */
export type SortKey = readonly [time: string, id: string];

export interface PageRequest {
  limit?: number | undefined;
  page_cursor?: string | undefined;
  order?: Order | undefined;
  order_by?: OrderBy | undefined;
}

interface Cursor {
  /** The key of the last record of the page the cursor follows. */
  k: SortKey;
  o: Order;
  b: OrderBy;
  /**
   * A digest of the filters the walk began with: a cursor is good only for the same query. A
   * digest, not the filters, so that a cursor stays short however many ids the query names.
   */
  f: string;
}

function compare(a: SortKey, b: SortKey): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(text: string): Cursor {
  const bad = () => fieldError('page_cursor', 'not a cursor this list gave');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = value as Partial<Cursor> | null;
  const key = c?.k;
  if (
    !c ||
    !Array.isArray(key) ||
    key.length !== 2 ||
    !key.every((part) => typeof part === 'string') ||
    (c.o !== 'ASC' && c.o !== 'DESC') ||
    (c.b !== 'CREATED_AT' && c.b !== 'UPDATED_AT') ||
    typeof c.f !== 'string'
  ) {
    throw bad();
  }
  return c as Cursor;
}

/** The page size asked for, within the operation's bounds (400 naming `limit` otherwise). */
export function pageLimit(rules: PagingRules, limit: number | undefined): number {
  if (limit === undefined) return rules.defaultLimit;
  if (!Number.isInteger(limit) || limit < 1) throw fieldError('limit', 'must be at least 1');
  if (limit > rules.maxLimit) throw fieldError('limit', `must be at most ${rules.maxLimit}`);
  return limit;
}

/**
 * One page of `records` (already filtered), in the order asked for, after the cursor's key. Keyset
 * paging rather than offsets: a record created between two pages never shifts the others, so a
 * walk sees every record that existed when it began exactly once. `next_page_cursor` is there
 * only while records remain after the page. A cursor carries the order and the filters it was
 * made for; used with others it is refused (400 naming `page_cursor`).
 */
export function page<T>(
  records: Iterable<T>,
  keyOf: (record: T, by: OrderBy) => SortKey,
  rules: PagingRules,
  request: PageRequest,
  filters: string,
): { items: T[]; next_page_cursor?: string } {
  const limit = pageLimit(rules, request.limit);
  const by = request.order_by ?? 'CREATED_AT';
  const order = request.order ?? rules.defaultOrder;
  const after = request.page_cursor !== undefined ? decode(request.page_cursor) : undefined;
  const bound = createHash('sha256').update(filters).digest('base64url').slice(0, 22);
  if (after && (after.o !== order || after.b !== by || after.f !== bound)) {
    throw fieldError('page_cursor', 'this cursor belongs to a list with other filters or order');
  }
  const sign = order === 'ASC' ? 1 : -1;
  const keyed = [...records].map((record) => ({ record, key: keyOf(record, by) }));
  const rest = keyed
    .filter(({ key }) => !after || sign * compare(key, after.k) > 0)
    .sort((a, b) => sign * compare(a.key, b.key));
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((x) => x.record),
    ...(rest.length > limit && last
      ? { next_page_cursor: encode({ k: last.key, o: order, b: by, f: bound }) }
      : {}),
  };
}

/**
 * The filters of a query as one string, for binding a cursor to them. Paging members are left
 * out, and so is List Orders' deprecated `offset`, which has no effect.
 */
export function filtersOf(query: Record<string, unknown>): string {
  const paging = new Set(['page_cursor', 'limit', 'offset']);
  return JSON.stringify(
    Object.keys(query)
      .filter((k) => !paging.has(k) && query[k] !== undefined)
      .sort()
      .map((k) => [k, query[k]]),
  );
}

const COMPARISONS = ['lt', 'lte', 'eq', 'gte', 'gt'] as const;

/**
 * True when an RFC 3339 time meets every `<field>.lt/.lte/.eq/.gte/.gt` bound of the query.
 * Bounds compare as instants (milliseconds), so `Z` and offsets mean the same moment.
 */
export function withinTimes(
  query: Record<string, unknown>,
  field: string,
  value: string | undefined,
): boolean {
  const at = value === undefined ? NaN : Date.parse(value);
  for (const op of COMPARISONS) {
    const bound = query[`${field}.${op}`];
    if (typeof bound !== 'string') continue;
    const b = Date.parse(bound);
    if (Number.isNaN(at)) return false;
    if (op === 'lt' && !(at < b)) return false;
    if (op === 'lte' && !(at <= b)) return false;
    if (op === 'eq' && at !== b) return false;
    if (op === 'gte' && !(at >= b)) return false;
    if (op === 'gt' && !(at > b)) return false;
  }
  return true;
}

/** True when `value` is one of `wanted`, or no such filter was given. */
export function oneOf(wanted: readonly string[] | string | undefined, value: unknown): boolean {
  if (wanted === undefined) return true;
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  return list.length === 0 || (typeof value === 'string' && list.includes(value));
}

/** `next_page_cursor` as a response member, present only while there is a next page. */
export const withCursor = (cursor: string | undefined) =>
  cursor === undefined ? {} : { next_page_cursor: cursor };

/** The page size the sandbox takes where the spec states none (List Orders, List Executions). */
export const UNSTATED_DEFAULT_LIMIT = 100;

/** A list read's paging rules, as its registry entry gives them. */
export function pagingOf(id: ReadOperationId): PagingRules {
  const list = operations[id].list;
  if (!list) throw new Error(`${id} is not a paged list`);
  return {
    defaultLimit: list.defaultLimit ?? UNSTATED_DEFAULT_LIMIT,
    maxLimit: list.maxLimit,
    defaultOrder: list.defaultOrder,
  };
}

/**
 * A list read's answer: the items under the member its registry entry names (and under the
 * deprecated alias too, as the service still answers it), and the cursor while more pages exist.
 */
export function listAnswer(
  id: ReadOperationId,
  items: unknown[],
  next: string | undefined,
): Record<string, unknown> {
  const list = operations[id].list;
  if (!list) throw new Error(`${id} is not a paged list`);
  return {
    [list.member]: items,
    ...(list.alias ? { [list.alias]: items } : {}),
    ...withCursor(next),
  };
}
