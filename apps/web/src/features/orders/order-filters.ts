import { MARKETS, ORDER_SIDES, ORDER_STATUSES } from '@console/schemas';
import type { Filter } from '@/components/list/filter-bar';

/** The orders list's filters besides the profile; the service has none for the side. */
export const ORDER_FILTERS = [
  { key: 'status', label: 'Status', options: ORDER_STATUSES, width: 150 },
  { key: 'market', label: 'Market', options: MARKETS, width: 150 },
  { key: 'side', label: 'Side', options: ORDER_SIDES, width: 150 },
  { key: 'from', label: 'Placed from', day: true },
  { key: 'to', label: 'Placed to', day: true },
] as const satisfies readonly Filter[];

/** A local day's first or last instant, as the service's RFC 3339 time filter takes it. */
export function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
