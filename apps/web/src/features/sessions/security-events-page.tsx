import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LocalTime } from '@/components/result/local-time';
import { PagedResults } from '@/components/states/paged-results';
import { listSecurityEvents } from '@/lib/api';
import { useSession } from '@/lib/session';

const KIND_WORDS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-locked': 'Locked after failures',
  'sign-in-refused': 'Refused while locked',
  'sign-out': 'Signed out',
  'session-ended': 'Session ended',
  'session-revoked': 'Session revoked',
  'request-tampered': 'Request changed after approval',
};

/** Sign-ins, failures, locks, sign-outs and ended sessions, newest first: for admins. */
export function SecurityEventsPage() {
  const session = useSession();
  const admin = session.data?.operator.role === 'admin';
  const query = useInfiniteQuery({
    queryKey: ['security-events'],
    queryFn: ({ pageParam }) => listSecurityEvents(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: admin,
  });
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Security events
      </Title>
      {!admin ? (
        <Alert color="gray" title="For admins">
          Security events are open to admins only.
        </Alert>
      ) : (
        <PagedResults
          query={query}
          loadingLabel="Loading security events…"
          empty={{ title: 'No security events yet', body: 'Sign-ins and sign-outs show here.' }}
          count={(n) => `${n} event${n === 1 ? '' : 's'} shown, newest first`}
        >
          {(items) => (
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder aria-label="Security events">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Username</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>Detail</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((event) => (
                    <Table.Tr key={event.id}>
                      <Table.Td>
                        <LocalTime value={event.at} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {KIND_WORDS[event.kind] ?? event.kind}
                          {event.count > 1 ? ` (${event.count} times)` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{event.username}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {event.client_address ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {[event.detail, event.actor ? `by ${event.actor}` : null]
                            .filter(Boolean)
                            .join(' ') || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </PagedResults>
      )}
    </Stack>
  );
}
