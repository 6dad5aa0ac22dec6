import { useQuery } from '@tanstack/react-query';
import { getApproval, listApprovals } from '@/lib/api';

/** The queue of the signed-in operator; polled so the navigation count stays current. */
export function useApprovalQueue(enabled = true) {
  return useQuery({
    queryKey: ['approvals', 'queue'],
    queryFn: listApprovals,
    enabled,
    refetchInterval: 30_000,
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
