import {
  DATE_TIME_PATTERN,
  READ_OPERATION_IDS,
  fieldMeta,
  operations,
  type ReadOperationId,
} from '@console/schemas';
import type { z } from 'zod';

/**
 * The filters of the registry's lists whose meaning their schema states: a filter named after a
 * member of the list's records (or after its plural, or naming the member in its meta's
 * `compares`) keeps the records whose member equals its value (one value), is among its values (a
 * repeated parameter), or compares so with its time (`<member>.lt` … `.gt`). What a filter means
 * beyond that (a nested member, a flag, a range of another name) is a hand row of
 * `handlers/filters.test.ts`.
 */
export interface MemberFilter {
  read: ReadOperationId;
  param: string;
  member: string;
  kind: 'equal' | 'among' | TimeComparison;
}
type TimeComparison = 'lt' | 'lte' | 'eq' | 'gte' | 'gt';
type Item = Record<string, unknown>;

interface Def {
  type: string;
  entries?: Record<string, string>;
  innerType?: { _zod: { def: Def } };
  checks?: { _zod: { def: { pattern?: RegExp } } }[];
}
const unwrap = (schema: z.ZodType): Def => {
  let def = schema._zod.def as Def;
  while (def.innerType) def = def.innerType._zod.def;
  return def;
};

/** Paging and sorting members: the walk, the limit edges and the order tests cover them. */
export const NOT_FILTERS = new Set(['limit', 'page_cursor', 'order', 'order_by', 'offset']);

/** Members a value of the URL can equal: an object (a secondary status's `name`) is a hand row's. */
const SCALARS = new Set(['string', 'enum', 'boolean', 'number', 'int', 'literal']);

function memberOf(
  shape: Record<string, z.ZodType>,
  name: string,
  compares?: string,
): string | undefined {
  const member =
    compares ?? [name, name.replace(/es$/, ''), name.replace(/s$/, '')].find((m) => shape[m]);
  return member && shape[member] && SCALARS.has(unwrap(shape[member]).type) ? member : undefined;
}

export function memberFilters(): MemberFilter[] {
  return READ_OPERATION_IDS.flatMap((read) => {
    const op = operations[read];
    const shape = (op.item as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
    if (!op.list || !shape) return [];
    return Object.entries(op.shape.query as Record<string, z.ZodType>).flatMap(
      ([param, schema]): MemberFilter[] => {
        if (NOT_FILTERS.has(param)) return [];
        const def = unwrap(schema);
        const compares = fieldMeta(schema).compares;
        const time = /^(.+)\.(lt|lte|eq|gte|gt)$/.exec(param);
        const isTime = (def.checks ?? []).some((c) => c._zod.def.pattern === DATE_TIME_PATTERN);
        if (time && isTime) {
          const member = memberOf(shape, time[1]!, compares);
          return member ? [{ read, param, member, kind: time[2] as TimeComparison }] : [];
        }
        if (isTime) return [];
        // A flag of the request (`include_deleted`) is not a member of the record.
        const member = memberOf(shape, param, compares);
        if (!member) return [];
        return [{ read, param, member, kind: def.type === 'array' ? 'among' : 'equal' }];
      },
    );
  });
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const COMPARE: Record<TimeComparison, (a: number, b: number) => boolean> = {
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  eq: (a, b) => a === b,
  gte: (a, b) => a >= b,
  gt: (a, b) => a > b,
};

/**
 * For a filter and the records of the unfiltered list: the query values that keep some of them and
 * drop others, and the records they must keep; undefined when the records cannot tell the filter
 * from no filter (every record has the same value, or fewer than three times).
 */
export function probe(
  filter: MemberFilter,
  records: Item[],
): { values: string[]; keeps: Item[] } | undefined {
  const of = (r: Item) => text(r[filter.member]);
  const some = (keeps: Item[]) => keeps.length > 0 && keeps.length < records.length;
  if (filter.kind === 'equal' || filter.kind === 'among') {
    const distinct = [...new Set(records.map(of).filter((v) => v !== ''))];
    const one = distinct.find((v) => some(records.filter((r) => of(r) === v)));
    if (one === undefined) return undefined;
    // Two values where a third remains, so that a repeated filter is seen to take more than one.
    const two = filter.kind === 'among' ? distinct.filter((v) => v !== one).slice(0, 1) : [];
    const values = some(records.filter((r) => [one, ...two].includes(of(r))))
      ? [one, ...two]
      : [one];
    return { values, keeps: records.filter((r) => values.includes(of(r))) };
  }
  const times = [...new Set(records.map(of).filter((v) => v !== ''))].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  if (times.length < 3) return undefined;
  const pivot = times[Math.floor(times.length / 2)]!;
  const compare = COMPARE[filter.kind];
  return {
    values: [pivot],
    keeps: records.filter((r) => of(r) !== '' && compare(Date.parse(of(r)), Date.parse(pivot))),
  };
}

/**
 * The query a filter goes with: what its read requires and, for a time range on a member the list
 * can be ordered by, that order (the service refuses `updated_at.*` unless the list is ordered by
 * `UPDATED_AT`).
 */
export function withFilter(
  filter: MemberFilter,
  base: Record<string, string | string[]>,
  values: string[],
): Record<string, string | string[]> {
  const query = operations[filter.read].shape.query as Record<string, z.ZodType | undefined>;
  const orderBy = query.order_by;
  const orders = orderBy ? Object.values(unwrap(orderBy).entries ?? {}) : [];
  const order = filter.member.toUpperCase();
  return {
    ...base,
    ...(orders.includes(order) && filter.kind !== 'equal' && filter.kind !== 'among'
      ? { order_by: order }
      : {}),
    [filter.param]: filter.kind === 'among' ? values : values[0]!,
  };
}
