import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import type {
  NotificationChannel,
  NotificationDelivery,
  NotificationKind,
  NotificationRecipient,
} from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { listDeadLetters, listNotificationRecipients, retryNotification } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';

const DEAD_KEY = ['notification-dead-letters'] as const;
const RECIPIENTS_KEY = ['notification-recipients'] as const;

/** A kind in two or three words, for a table cell. */
const KIND_SHORT: Record<NotificationKind, string> = {
  held: 'held for approval',
  reminder: 'reminder',
  approved: 'approved',
  rejected: 'rejected',
  expired: 'expired',
  unknown: 'outcome unknown',
  refused: 'refused by the service',
  unsettled: 'not settled',
  'batch-ended': 'batch ended',
  'audit-broken': 'audit trail',
  schedule: 'scheduled occurrence',
};

function DeadLetters() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: DEAD_KEY, queryFn: listDeadLetters });
  const retry = useWrite({
    mutationFn: (item: NotificationDelivery) => retryNotification(item.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DEAD_KEY }),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="dead-letters-title">
      <Title order={2} size="h4" id="dead-letters-title">
        Dead letters
      </Title>
      <Text size="sm" c="dimmed">
        Messages given up after their last attempt. Retry puts one back to be sent afresh, under the
        same message id.
      </Text>
      {retry.isError && <ErrorState error={retry.error} />}
      {query.isPending ? (
        <LoadingState label="Loading dead letters…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No dead letters">
          Every message was delivered or is on its way.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped withTableBorder aria-label="Dead letters">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Made</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <LocalTime value={item.created_at} />
                  </Table.Td>
                  <Table.Td>
                    {item.journal_id ? (
                      <Link to={`/journal/${item.journal_id}`}>{item.subject}</Link>
                    ) : item.batch_id ? (
                      <Link to={`/batches/${item.batch_id}`}>{item.subject}</Link>
                    ) : (
                      item.subject
                    )}
                  </Table.Td>
                  <Table.Td>{item.channel}</Table.Td>
                  <Table.Td>{item.recipients.join(', ')}</Table.Td>
                  <Table.Td>{item.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.last_error ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={`Retry: ${item.subject} to ${item.recipients.join(', ')} by ${item.channel}`}
                      loading={retry.isPending && retry.variables?.id === item.id}
                      onClick={() => void retry.run(item)}
                    >
                      Retry
                    </Button>
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

/** "held for approval, reminder" by one channel. */
const kindsBy = (o: NotificationRecipient, channel: NotificationChannel) =>
  o.receives
    .filter((r) => r.channel === channel)
    .map((r) => KIND_SHORT[r.kind])
    .join(', ') || '—';

function Recipients() {
  const query = useQuery({ queryKey: RECIPIENTS_KEY, queryFn: listNotificationRecipients });
  return (
    <Stack gap="xs" component="section" aria-labelledby="recipients-title">
      <Title order={2} size="h4" id="recipients-title">
        Who receives what
      </Title>
      {query.isPending ? (
        <LoadingState label="Loading operators…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.channels
            .filter((c) => !c.available)
            .map((c) => (
              <Alert key={c.channel} color="gray">
                {c.reason}
              </Alert>
            ))}
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder aria-label="Who receives what">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Operator</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Email address</Table.Th>
                  <Table.Th>By email</Table.Th>
                  <Table.Th>By chat</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((o) => (
                  <Table.Tr key={o.username}>
                    <Table.Td>
                      {o.display_name}
                      <Text size="xs" c="dimmed">
                        {o.username}
                      </Text>
                    </Table.Td>
                    <Table.Td>{o.role}</Table.Td>
                    <Table.Td>{o.email ?? 'none: chat only'}</Table.Td>
                    <Table.Td>{kindsBy(o, 'email')}</Table.Td>
                    <Table.Td>{kindsBy(o, 'chat')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

/** Notification delivery, for admins: the dead letters with a retry each, and who receives what. */
export function DeliveryPage() {
  const session = useSession();
  const admin = session.data?.operator.role === 'admin';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Notification delivery
      </Title>
      {admin ? (
        <>
          <DeadLetters />
          <Recipients />
        </>
      ) : (
        <Alert color="gray" title="For admins">
          Notification delivery is open to admins only.
        </Alert>
      )}
    </Stack>
  );
}
