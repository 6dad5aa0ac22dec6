import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import type { SessionSummary } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RecordTable } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { endSession, listSessions } from '@/lib/api';
import { SESSION_KEY, useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';

const SESSIONS_KEY = ['sessions'] as const;

/** A browser in a few words: the full user agent is on hover. */
function browserOf(agent: string | null): string {
  if (!agent) return 'unknown';
  const name = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(agent)?.[0]?.replace('Edg', 'Edge');
  return name ?? agent.slice(0, 40);
}

/**
 * Where the operator is signed in (everyone, for an admin), and a way to end a session left
 * open on another machine. Ending this browser's own session signs it out.
 */
export function SessionsPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const admin = session.data?.operator.role === 'admin';
  const query = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const end = useWrite({
    mutationFn: (target: SessionSummary) => endSession(target.id),
    onSuccess: (_, target) => {
      if (target.current) {
        // Nothing private stays in memory for the back button to show.
        queryClient.clear();
        queryClient.setQueryData(SESSION_KEY, null);
        void navigate('/sign-in', { replace: true });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Sessions
      </Title>
      <Text size="sm" c="dimmed">
        {admin
          ? 'Every live session of every operator. Ending one signs that browser out at once.'
          : 'Where you are signed in. End a session you no longer use, such as one on another machine.'}
      </Text>
      {end.isError && <ErrorState error={end.error} />}
      {query.isPending ? (
        <LoadingState label="Loading sessions…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No live sessions" />
      ) : (
        <RecordTable
          label="Live sessions"
          columns={[
            ...(admin
              ? [{ title: 'Operator', key: true, cell: (i: SessionSummary) => i.username }]
              : []),
            {
              title: 'Signed in',
              key: !admin,
              cell: (item) => <LocalTime value={item.created_at} />,
            },
            { title: 'Last active', cell: (item) => <LocalTime value={item.last_seen_at} /> },
            { title: 'Ends', cell: (item) => <LocalTime value={item.expires_at} /> },
            { title: 'Address', cell: (item) => item.client_address ?? '—' },
            {
              title: 'Browser',
              lead: true,
              cell: (item) => (
                <span title={item.user_agent ?? undefined}>
                  {browserOf(item.user_agent)}{' '}
                  {item.current && (
                    <Badge
                      variant="light"
                      radius="sm"
                      styles={{ label: { textTransform: 'none' } }}
                    >
                      this browser
                    </Badge>
                  )}
                </span>
              ),
            },
            {
              title: 'Action',
              action: true,
              cell: (item) => (
                <Button
                  variant="default"
                  size="xs"
                  loading={end.isPending && end.variables?.id === item.id}
                  onClick={() => end.mutate(item)}
                >
                  {item.current ? 'Sign out' : 'End'}
                </Button>
              ),
            },
          ]}
          items={query.data.items}
          minWidth={760}
        />
      )}
    </Stack>
  );
}
