import type { SortKey } from './pages';

/** A timestamp as a sort key: RFC 3339 text normalised to `toISOString`, which sorts as time does. */
export function timeKey(value: unknown): string {
  const ms = typeof value === 'number' ? value : Date.parse(String(value));
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** The sort key of a record with `created_at` (or `updated_at`) and `id`. */
export function recordKey(
  record: { id: string; created_at?: unknown; updated_at?: unknown },
  by: 'CREATED_AT' | 'UPDATED_AT' = 'CREATED_AT',
): SortKey {
  return [timeKey(by === 'UPDATED_AT' ? record.updated_at : record.created_at), record.id];
}
