import { Alert, Button, Group, Text } from '@mantine/core';
import { isApiError } from '@/lib/api-error';
import { LocalTime } from '../result/local-time';

/** What Freshness reads of a query (TanStack Query's result, paged or not). */
export interface FreshnessQuery {
  /** When the data shown was read; 0 before the first read. */
  dataUpdatedAt: number;
  /** True when the last read failed after an earlier one succeeded. */
  isRefetchError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface FreshnessProps {
  query: FreshnessQuery;
  /** True while the record changes and the page follows it on its own. */
  live?: boolean;
}

/**
 * "Last updated" for a page of read-back data, and its stale state: a failed refresh keeps what
 * was read before on screen, says so, and when it was read, so an operator never takes an old
 * status for the current one.
 */
export function Freshness({ query, live }: FreshnessProps) {
  if (!query.dataUpdatedAt) return null;
  const refresh = () => void query.refetch();
  const when = <LocalTime value={query.dataUpdatedAt} size="xs" />;
  if (query.isRefetchError) {
    const { error } = query;
    const detail = isApiError(error) ? error.problem.detail || error.problem.title : '';
    return (
      <Alert color="orange" variant="light" p="xs" role="status" title="Not up to date">
        <Group gap="xs" justify="space-between">
          <Text size="xs">
            The last refresh failed{detail ? ` (${detail})` : ''}. Shown as read at {when}.
          </Text>
          <Button size="compact-xs" variant="light" color="orange" onClick={refresh}>
            Refresh now
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Group gap="xs" aria-live="polite">
      <Text size="xs" c="dimmed">
        Last updated {when}
        {live ? ' · follows the record until it is final' : ''}
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={refresh} loading={query.isFetching}>
        Refresh
      </Button>
    </Group>
  );
}
