import { Card, Stack, Title } from '@mantine/core';
import type { JournalEvent } from '@console/schemas';
import { EventHistory } from '@/components/history/event-history';

const VERBS: Record<JournalEvent['kind'], string> = {
  retried: 'Retried',
  resent: 'Sent again',
};

/**
 * What was done to an entry after its maker sent it: who retried it, and when the console sent
 * it again by itself. Nothing when nothing was.
 */
export function JournalHistory({ events }: { events: JournalEvent[] | undefined }) {
  if (!events?.length) return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="After it was sent">
      <Stack gap="xs">
        <Title order={2} size="h5">
          After it was sent
        </Title>
        <EventHistory events={events} verbs={VERBS} label="Retries and resends" />
      </Stack>
    </Card>
  );
}
