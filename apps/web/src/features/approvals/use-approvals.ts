import { useQuery } from '@tanstack/react-query';
import { BATCHES_KEY, getApproval, listApprovals, listBatches } from '@/lib/api';
import { useSession } from '@/lib/session';
import { waitsForMe } from './batch-summary';

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

/** The roles that may read batches: only they can be asked to approve one. */
const READS_BATCHES = new Set(['admin', 'finance']);

/**
 * The batches that wait for this operator's approval (issue 66): in the same queue as single
 * requests, the home's list and the count, so that a batch is not found only on its own page.
 */
export function useWaitingBatches(enabled = true) {
  const me = useSession().data?.operator;
  const list = useQuery({
    queryKey: [...BATCHES_KEY, 'list'],
    queryFn: listBatches,
    enabled: enabled && Boolean(me && READS_BATCHES.has(me.role)),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  return me ? (list.data?.items ?? []).filter((batch) => waitsForMe(batch, me)) : [];
}

/** Everything that waits for this operator: single requests and batches, for the count. */
export function useWaitingCount(enabled = true): number {
  const queue = useApprovalQueue(enabled);
  const batches = useWaitingBatches(enabled);
  return (queue.data?.count ?? 0) + batches.length;
}
