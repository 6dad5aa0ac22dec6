import { fieldError } from '../problem';
import type { Query } from './query';

const TIME_FILTER = /\.(lt|lte|eq|gte|gt|begin|end)$/;

/**
 * A request's query as an object: a parameter given once is text, a repeated one (the appendix's
 * array filters, `type=A&type=B`) an array. Checks what every read shares: time filters are
 * RFC 3339 date-times, `order` is ASC or DESC, `order_by` CREATED_AT or UPDATED_AT, `limit` a
 * whole number; each refusal a 400 naming the parameter.
 */
export function queryOf(params: URLSearchParams): Query {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    query[name] = all.length === 1 ? (all[0] as string) : all;
  }
  for (const [name, value] of Object.entries(query)) {
    const one = Array.isArray(value) ? undefined : value;
    if (TIME_FILTER.test(name) && (one === undefined || Number.isNaN(Date.parse(one)))) {
      throw fieldError(name, 'must be one RFC 3339 date-time such as 2026-01-02T15:04:05Z');
    }
  }
  if (query.order !== undefined && query.order !== 'ASC' && query.order !== 'DESC') {
    throw fieldError('order', 'must be ASC or DESC');
  }
  if (
    query.order_by !== undefined &&
    query.order_by !== 'CREATED_AT' &&
    query.order_by !== 'UPDATED_AT'
  ) {
    throw fieldError('order_by', 'must be CREATED_AT or UPDATED_AT');
  }
  if (query.limit !== undefined && !/^[0-9]{1,9}$/.test(String(query.limit))) {
    throw fieldError('limit', 'must be a whole number');
  }
  return query;
}
