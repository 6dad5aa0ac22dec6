import { Alert, Text } from '@mantine/core';
import type { SecurityEvent } from '@console/schemas';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { listSecurityEvents } from '@/lib/api';
import { useSession } from '@/lib/session';
import { usePagedList } from '@/lib/use-paged-list';

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

const COLUMNS: Column<SecurityEvent>[] = [
  { title: 'Time', key: true, cell: (event) => <LocalTime value={event.at} /> },
  {
    title: 'Event',
    lead: true,
    cell: (event) => (
      <Text size="sm">
        {KIND_WORDS[event.kind] ?? event.kind}
        {event.count > 1 ? ` (${event.count} times)` : ''}
      </Text>
    ),
  },
  { title: 'Username', cell: (event) => <Text size="sm">{event.username}</Text> },
  {
    title: 'From',
    cell: (event) => (
      <Text size="sm" ff="monospace">
        {event.client_address ?? '—'}
      </Text>
    ),
  },
  {
    title: 'Detail',
    cell: (event) => (
      <Text size="sm">
        {[event.detail, event.actor ? `by ${event.actor}` : null].filter(Boolean).join(' ') || '—'}
      </Text>
    ),
  },
];

/** Sign-ins, failures, locks, sign-outs and ended sessions, newest first: for admins and auditors. */
export function SecurityEventsPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  const admin = role === 'admin' || role === 'auditor';
  const list = usePagedList({
    key: ['security-events'],
    page: listSecurityEvents,
    next: (page) => page.next_cursor ?? undefined,
    enabled: admin,
  });
  return (
    <ListPage
      title="Security events"
      denied={
        !admin && (
          <Alert color="gray" title="For admins and auditors">
            Security events are open to admins and auditors only.
          </Alert>
        )
      }
      list={list}
      noun={['event', 'events']}
      empty={{ title: 'No security events yet', body: 'Sign-ins and sign-outs show here.' }}
    >
      {(items) => (
        <RecordTable label="Security events" columns={COLUMNS} items={items} minWidth={760} />
      )}
    </ListPage>
  );
}
