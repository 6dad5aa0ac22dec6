import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Batch } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RecordTable } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { BATCHES_KEY, listBatches } from '@/lib/api';
import { personLabel } from '@/lib/person';
import { useSession } from '@/lib/session';
import {
  BATCH_STATE_WORDS,
  batchOperationTitle,
  isLiveBatch,
  mayActOnBatches,
  mayReadBatches,
  progressOf,
} from './batch-words';
import { NewBatchForm } from './new-batch-form';

/** While a batch sends, the list's progress moves: read again every few seconds, not after. */
export const BATCH_LIST_POLL_MS = 5_000;

function BatchList() {
  const list = useQuery({
    queryKey: [...BATCHES_KEY, 'list'],
    queryFn: listBatches,
    refetchInterval: (q) =>
      q.state.data?.items.some((b) => isLiveBatch(b)) ? BATCH_LIST_POLL_MS : false,
  });
  if (list.isPending) return <LoadingState label="Loading the batches…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) {
    return (
      <EmptyState title="No batch yet">
        A batch is a CSV file of sends of one operation, checked, approved once and sent row by row.
      </EmptyState>
    );
  }
  return (
    <RecordTable
      label="Batches"
      minWidth={900}
      items={list.data.items}
      columns={[
        {
          title: 'File',
          key: true,
          cell: (b: Batch) => (
            <Anchor component={Link} to={`/batches/${b.id}`} size="sm">
              {b.file_name}
            </Anchor>
          ),
        },
        {
          title: 'State',
          lead: true,
          cell: (b) => (
            <StatusBadge
              value={b.state}
              label={BATCH_STATE_WORDS[b.state].label}
              tone={BATCH_STATE_WORDS[b.state].tone}
            />
          ),
        },
        { title: 'Operation', cell: (b) => batchOperationTitle(b.operation) },
        { title: 'Sent', cell: (b) => progressOf(b.counts).text },
        { title: 'Uploaded by', cell: (b) => personLabel(b.created_by, b.created_by_name) },
        { title: 'Uploaded', cell: (b) => <LocalTime value={b.created_at} /> },
      ]}
    />
  );
}

/**
 * Batches (issue 39): the newest first, and, for those who send money, a new one. Auditors read.
 */
export function BatchesPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  const [params, setParams] = useSearchParams();
  const creating = params.has('new') && mayActOnBatches(role);
  const newHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (creating) newHeading.current?.focus();
  }, [creating]);
  if (!mayReadBatches(role)) {
    return <Text>Batches are for finance, admins, auditors and viewers.</Text>;
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Batches
        </Title>
        {mayActOnBatches(role) && !creating && (
          <Button onClick={() => setParams({ new: '1' })}>New batch</Button>
        )}
      </Group>
      {creating && (
        <Stack gap="sm" component="section" aria-labelledby="new-batch-title">
          <Group justify="space-between">
            <Title order={2} size="h3" id="new-batch-title" ref={newHeading} tabIndex={-1}>
              New batch
            </Title>
            <Button variant="default" size="xs" onClick={() => setParams({})}>
              Close
            </Button>
          </Group>
          <NewBatchForm />
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby="batch-list-title">
        <Title order={2} size="h4" id="batch-list-title">
          Newest batches
        </Title>
        <BatchList />
      </Stack>
    </Stack>
  );
}
