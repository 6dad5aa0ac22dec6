import { Anchor, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { ReconDifference } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { ErrorState, LoadingState } from '@/components/states/states';
import { listReconDifferences, type ReconDifferenceStatusFilter } from '@/lib/api';
import { DIFFERENCES_KEY } from './reconcile-keys';
import { differenceTitle, legsLine, recordPath, STATUS_WORDS } from './reconcile-words';

/*
 * The reconciliation page's queue (issue 40): the differences between the journal and the
 * service, by status, with the open ones counted by kind.
 */

function DifferenceRow({ d }: { d: ReconDifference }) {
  const record = recordPath(d);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/reconciliation/${d.id}`} size="sm">
          {differenceTitle(d)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {record ? (
          <Anchor component={Link} to={record} size="sm">
            {d.record_type} {d.record_id}
          </Anchor>
        ) : (
          <Text size="sm">{d.record_id ? `${d.record_type} ${d.record_id}` : '—'}</Text>
        )}
        {/* One row for a record and its legs, whoever made them: the legs are named here. */}
        {d.legs.length > 0 && (
          <Text size="xs" c="dimmed">
            {legsLine(d.legs)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{d.journal_value ?? '—'}</Table.Td>
      <Table.Td>{d.service_value ?? '—'}</Table.Td>
      <Table.Td>
        <LocalTime value={d.subject_at} />
      </Table.Td>
      <Table.Td>{d.assignee ?? '—'}</Table.Td>
      <Table.Td>
        {STATUS_WORDS[d.status]}
        {d.reopened > 0 ? ` (recurred ${d.reopened}×)` : ''}
      </Table.Td>
    </Table.Tr>
  );
}

export function Queue() {
  const [status, setStatus] = useState<ReconDifferenceStatusFilter>('open');
  const queue = useQuery({
    queryKey: [...DIFFERENCES_KEY, status],
    queryFn: () => listReconDifferences(status),
  });
  const byKind = Object.entries(queue.data?.open_by_kind ?? {});
  return (
    <Stack gap="xs" component="section" aria-labelledby="recon-queue-title">
      <Title order={2} size="h4" id="recon-queue-title">
        Differences
      </Title>
      <Group align="end" gap="sm">
        <NativeSelect
          label="Show"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as ReconDifferenceStatusFilter)}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'resolved', label: 'Resolved' },
            { value: 'closed', label: 'Closed by themselves' },
            { value: 'all', label: 'All' },
          ]}
        />
        {byKind.length > 0 && (
          <Text size="sm" aria-label="Open differences by kind">
            Open:{' '}
            {byKind
              .map(
                ([kind, n]) =>
                  `${n} ${differenceTitle({ kind: kind as ReconDifference['kind'], source: null }).toLowerCase()}`,
              )
              .join(', ')}
          </Text>
        )}
      </Group>
      {queue.isPending && <LoadingState label="Loading the differences" />}
      {queue.isError && <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />}
      {queue.data && queue.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {status === 'open' ? 'Nothing to reconcile: every difference is resolved.' : 'None.'}
        </Text>
      )}
      {queue.data && queue.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table aria-label="Differences" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Difference</Table.Th>
                <Table.Th scope="col">Service record</Table.Th>
                <Table.Th scope="col">Journal says</Table.Th>
                <Table.Th scope="col">Service says</Table.Th>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Assigned to</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.items.map((d) => (
                <DifferenceRow key={d.id} d={d} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
