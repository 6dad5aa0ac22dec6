import { Alert, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_KIND_WORDS,
  type NotificationChannel,
  type NotificationChoice,
  type NotificationKind,
  type NotificationPreferences,
} from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '@/components/states/states';
import { getNotificationPreferences, setNotificationPreferences } from '@/lib/api';
import { useWrite } from '@/lib/use-write';

export const PREFERENCES_KEY = ['notification-preferences'] as const;

const CHANNEL_WORDS: Record<NotificationChannel, string> = { email: 'Email', chat: 'Chat' };

/** `held/email` → enabled: the choices as the form edits them. */
type Draft = Record<string, boolean>;
const keyOf = (kind: string, channel: string) => `${kind}/${channel}`;
const draftOf = (prefs: NotificationPreferences): Draft =>
  Object.fromEntries(prefs.items.map((i) => [keyOf(i.kind, i.channel), i.enabled]));

/** How each channel reaches this operator, or why it cannot. */
function Channels({ prefs }: { prefs: NotificationPreferences }) {
  return (
    <Stack gap={4} component="section" aria-label="Channels">
      {prefs.channels.map((c) => (
        <Text key={c.channel} size="sm">
          <strong>{CHANNEL_WORDS[c.channel]}:</strong>{' '}
          {c.available
            ? c.channel === 'email'
              ? `to ${prefs.email ?? ''}`
              : 'posted to the team’s chat room, naming you'
            : c.reason}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * What reaches the signed-in operator, per kind and channel (issue 36). Messages tell and link
 * to the console; none carries a way to approve or reject.
 */
export function PreferencesPage() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: PREFERENCES_KEY, queryFn: getNotificationPreferences });
  const [draft, setDraft] = useState<Draft>({});
  useEffect(() => {
    if (query.data) setDraft(draftOf(query.data));
  }, [query.data]);
  const save = useWrite({
    mutationFn: (items: NotificationChoice[]) => setNotificationPreferences(items),
    onSuccess: (prefs) => queryClient.setQueryData(PREFERENCES_KEY, prefs),
  });

  const kinds = [...new Set(query.data?.items.map((i) => i.kind) ?? [])] as NotificationKind[];
  const channels = [...new Set(query.data?.items.map((i) => i.channel) ?? [])];
  const changed = (query.data?.items ?? []).filter(
    (i) =>
      draft[keyOf(i.kind, i.channel)] !== undefined &&
      draft[keyOf(i.kind, i.channel)] !== i.enabled,
  );

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Notifications
      </Title>
      <Text size="sm" c="dimmed">
        What the console tells you by email and chat. A message says what happened and links to the
        page here; approving and rejecting are done in the console only.
      </Text>
      {query.isPending ? (
        <LoadingState label="Loading your notifications…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Alert color="gray" title="Nothing to choose">
          Your role neither sends nor approves, so the console sends you no notifications.
        </Alert>
      ) : (
        <>
          <Channels prefs={query.data} />
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder aria-label="What reaches you">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  {channels.map((c) => (
                    <Table.Th key={c}>{CHANNEL_WORDS[c]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {kinds.map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Td>{NOTIFICATION_KIND_WORDS[kind]}</Table.Td>
                    {channels.map((channel) => (
                      <Table.Td key={channel}>
                        <Checkbox
                          aria-label={`${NOTIFICATION_KIND_WORDS[kind]}: by ${channel}`}
                          checked={draft[keyOf(kind, channel)] ?? true}
                          onChange={(event) => {
                            const on = event.currentTarget.checked;
                            setDraft((d) => ({ ...d, [keyOf(kind, channel)]: on }));
                          }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {save.isError && <ErrorState error={save.error} />}
          <Group>
            <Button
              disabled={changed.length === 0}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  changed.map((i) => ({ ...i, enabled: draft[keyOf(i.kind, i.channel)]! })),
                )
              }
            >
              Save
            </Button>
            {save.isSuccess && changed.length === 0 && (
              <Text size="sm" role="status">
                Saved.
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
