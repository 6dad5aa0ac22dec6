import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { isWriteOperationId, operations, type ApprovalDetail } from '@console/schemas';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { approvalsNeeded } from '@/components/approval/role-names';
import { amountSummary } from './amount-summary';
import { useApprovalQueue } from './use-approvals';
import { personLabel } from '@/lib/person';

function titleOf(item: ApprovalDetail): string {
  const id = item.journal.operation;
  return isWriteOperationId(id) ? operations[id].title : id;
}

/** The requests the signed-in operator may approve now, oldest first. */
export function ApprovalsPage() {
  const queue = useApprovalQueue();
  return (
    <Stack gap="sm" maw={1040}>
      <Title order={1} size="h2">
        Approvals
      </Title>
      <Text size="sm" c="dimmed">
        Requests other operators made that wait for your approval. Nothing in this list has been
        sent to the service.
      </Text>
      {queue.isPending ? (
        <LoadingState label="Loading the approvals…" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title="Nothing waits for your approval" />
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder aria-label="Requests awaiting your approval">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Request</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Made by</Table.Th>
                <Table.Th>Made at</Table.Th>
                <Table.Th>Needs</Table.Th>
                <Table.Th>Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.items.map((item) => (
                <Table.Tr key={item.journal.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/approvals/${item.journal.id}`} size="sm">
                      {titleOf(item)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{amountSummary(item.fields) ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {personLabel(item.journal.operator, item.journal.operator_name)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <LocalTime value={item.journal.created_at} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {approvalsNeeded(item.approval.approvers_needed)} (
                      {item.approval.approvals.filter((a) => a.counts).length} given)
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <LocalTime value={item.approval.expires_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
