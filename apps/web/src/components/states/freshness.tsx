import { Alert, Button, Group, Text } from '@mantine/core';
import { isApiError } from '@/lib/api-error';
import { LocalTime } from '../result/local-time';

export interface FreshnessProps {
  /** When the data shown was read (TanStack Query's `dataUpdatedAt`); 0 before the first read. */
  updatedAt: number;
  /** The error of the last read, when it failed after an earlier one succeeded. */
  error?: unknown;
  /** True while the record changes and the page follows it on its own. */
  live?: boolean;
  fetching?: boolean;
  onRefresh: () => void;
}

/**
 * "Last updated" for a page of read-back data, and its stale state: a failed refresh keeps what
 * was read before on screen, says so, and when it was read, so an operator never takes an old
 * status for the current one.
 */
export function Freshness({ updatedAt, error, live, fetching, onRefresh }: FreshnessProps) {
  if (!updatedAt) return null;
  const stale = error !== undefined && error !== null;
  const when = <LocalTime value={updatedAt} size="xs" />;
  if (stale) {
    const detail = isApiError(error) ? error.problem.detail || error.problem.title : '';
    return (
      <Alert color="orange" variant="light" p="xs" role="status" title="Not up to date">
        <Group gap="xs" justify="space-between">
          <Text size="xs">
            The last refresh failed{detail ? ` (${detail})` : ''}. Shown as read at {when}.
          </Text>
          <Button size="compact-xs" variant="light" color="orange" onClick={onRefresh}>
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
      <Button size="compact-xs" variant="subtle" onClick={onRefresh} loading={fetching}>
        Refresh
      </Button>
    </Group>
  );
}
