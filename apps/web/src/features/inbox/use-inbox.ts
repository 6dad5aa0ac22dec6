import type { InboxReadInput } from '@console/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { streamIsUp } from '@/lib/live-stream';

/** The operator's inbox: read again by the stream's changes, polled only while it is down. */
export function useInbox() {
  return useQuery({
    queryKey: ['inbox'],
    queryFn: () => call('getInbox', {}, { background: true }),
    refetchInterval: () => (streamIsUp() ? false : 30_000),
  });
}

/** Marks items read, server side: the answer is the inbox as it is now. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxReadInput) => call('markInboxRead', { body }),
    onSuccess: (inbox) => queryClient.setQueryData(['inbox'], inbox),
  });
}
