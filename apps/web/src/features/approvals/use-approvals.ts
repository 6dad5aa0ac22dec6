import { useQuery } from '@tanstack/react-query';
import { getApproval, listApprovals } from '@/lib/api';

/** How often the console looks for approvals and changes to the operator's requests. */
export const POLL_MS = 5_000;

/**
 * The queue of the signed-in operator; polled every few seconds and on returning to the tab, so
 * the navigation count and the home page are current within seconds.
 */
export function useApprovalQueue(enabled = true) {
  return useQuery({
    queryKey: ['approvals', 'queue'],
    queryFn: listApprovals,
    enabled,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** One request that needed approval; `null` when the entry never needed one. */
export function useApproval(id: string) {
  return useQuery({
    queryKey: ['approvals', 'detail', id],
    queryFn: () => getApproval(id),
    retry: false,
  });
}
