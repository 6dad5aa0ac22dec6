import { isRecord } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { readService } from '@/lib/api';
import { liveInterval } from '@/lib/live-interval';
import { followedByStream, streamedInterval } from '@/lib/live-stream';
import type { LiveRecord } from '@/lib/read-schemas';

const statusOf = (value: unknown) =>
  isRecord(value) && typeof value.status === 'string' ? value.status : undefined;

/**
 * Follows a record the service holds, read again on a backing-off interval until its status is
 * final. `path` undefined (no read for it) leaves the query idle. Polls are background requests:
 * an unattended page does not keep the session alive.
 */
export function useLiveRecord(live: LiveRecord | undefined, path: string | undefined) {
  return useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path!, {}, live!.schema, { background: true }),
    enabled: live !== undefined && path !== undefined,
    refetchInterval: (query) => {
      const status = statusOf(query.state.data);
      return (followedByStream(path) ? streamedInterval : liveInterval)(
        query.state.dataUpdateCount,
        status !== undefined && live!.status.terminal.includes(status),
      );
    },
  });
}
