import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ResultCard } from '@/components/result/result-card';
import { ErrorState, LoadingState } from '@/components/states/states';
import { getJournalEntry } from '@/lib/api';
import { cloneLink } from '@/lib/operation-routes';
import { useCan } from '@/lib/session';

/** One order: the service's answer when it was placed, and the journal entry that placed it. */
export function OrderDetailPage() {
  const { journalId = '' } = useParams();
  const canOrder = useCan('createOrder');
  const entry = useQuery({
    queryKey: ['journal', 'entry', journalId],
    queryFn: () => getJournalEntry(journalId),
  });
  return (
    <Stack gap="sm" maw={980}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Order
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/orders" variant="default" size="xs">
            Back to orders
          </Button>
          {canOrder && entry.data && (
            <Button component={Link} to={cloneLink('createOrder', entry.data.id)!} size="xs">
              Clone as new
            </Button>
          )}
        </Group>
      </Group>
      {entry.isPending ? (
        <LoadingState label="Loading the order…" />
      ) : entry.isError ? (
        <ErrorState error={entry.error} onRetry={() => void entry.refetch()} />
      ) : (
        <>
          <ResultCard
            operation="createOrder"
            data={entry.data.response}
            journal={entry.data}
            title="Order as placed"
          />
          <Anchor component={Link} to={`/journal/${entry.data.id}`} size="sm">
            Open the journal entry
          </Anchor>
        </>
      )}
    </Stack>
  );
}
