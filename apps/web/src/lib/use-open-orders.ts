import { FINAL_ORDER_STATUSES, ORDER_STATUSES } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/** Statuses in which an order still rests or waits: the service takes one status a read. */
const OPEN_STATUSES = ORDER_STATUSES.filter(
  (s) => !(FINAL_ORDER_STATUSES as readonly string[]).includes(s),
);

/**
 * The orders not final yet, of one profile or of every one, newest first: what an order picker
 * offers (a final order cannot be cancelled). Orders at rest are few; a history is not read.
 */
export function useOpenOrders(profileId: string | undefined) {
  return useQuery({
    queryKey: ['svc', 'listOrders', 'open', profileId],
    queryFn: async () => {
      const lists = await Promise.all(
        OPEN_STATUSES.map((status) =>
          readWholeList('listOrders', { profile_id: profileId, status }),
        ),
      );
      // An order that moved from one status to the next between the reads is in two lists:
      // shown once (a picker refuses duplicate options), as the later status read it.
      const byId = new Map(lists.flat().map((order) => [order.id, order]));
      return [...byId.values()].sort((a, b) =>
        (b.created_at ?? '').localeCompare(a.created_at ?? ''),
      );
    },
    staleTime: 10_000,
  });
}
