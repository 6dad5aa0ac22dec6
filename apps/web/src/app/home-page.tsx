import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WaitingForMe } from '@/features/approvals/waiting-for-me';
import { MyRequests } from '@/features/work-queue/my-requests';
import { NeedsAttention } from '@/features/work-queue/needs-attention';
import { useWorkQueue } from '@/features/work-queue/use-work-queue';
import { ErrorState } from '@/components/states/states';
import { useSession } from '@/lib/session';

/**
 * The start page is a work queue: what waits for this operator, what became of what they sent,
 * and what needs someone. It refreshes on its own every few seconds.
 */
export function HomePage() {
  const { data } = useSession();
  const queue = useWorkQueue();
  if (!data) return null;
  const approves = data.operations.length > 0;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          Welcome, {data.operator.display_name}
        </Title>
        <Text size="sm" c="dimmed">
          {approves
            ? 'What waits for you, what became of your requests, and what needs attention.'
            : 'Your role reads only: what needs attention is below; the orders and the journal are open to you.'}
        </Text>
      </div>
      {queue.isError && <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />}
      <SimpleGrid cols={{ base: 1, md: approves ? 3 : 1 }} spacing="sm">
        {approves && <WaitingForMe />}
        {approves && <MyRequests items={queue.data?.my_requests} />}
        <NeedsAttention
          items={queue.data?.needs_attention}
          reconciliation={queue.data?.reconciliation}
        />
      </SimpleGrid>
    </Stack>
  );
}
