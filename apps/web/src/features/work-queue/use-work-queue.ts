import { useQuery } from '@tanstack/react-query';
import { getWorkQueue } from '@/lib/api';

/** How often the console looks for changes to the operator's requests. */
export const WORK_QUEUE_POLL_MS = 5_000;

export const WORK_QUEUE_KEY = ['work-queue'] as const;

/**
 * The operator's requests and what needs attention. Polled every few seconds and on returning to
 * the tab: a maker learns of an approval, a rejection or an expiry within seconds, behind any
 * number of BFF processes (each poll reads PostgreSQL), with nothing held open.
 */
export function useWorkQueue() {
  return useQuery({
    queryKey: WORK_QUEUE_KEY,
    queryFn: getWorkQueue,
    refetchInterval: WORK_QUEUE_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
