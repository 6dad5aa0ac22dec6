import { Stack, Text, Title } from '@mantine/core';
import type { Role } from '@console/schemas';
import { useSession } from '@/lib/session';
import { MoneyMovedChart } from './money-moved-chart';

/** Who sees the figures of money movement (issue 62): every role but support, as the BFF says. */
export const maySeeMoneyInsights = (role: Role | undefined) =>
  role !== undefined && role !== 'support';

/**
 * Insights (issue 62): the console's figures as pictures, each with a sentence that sums it up,
 * its table twin and its CSV. Figures come from rollups the BFF keeps as the journal is written.
 */
export function InsightsPage() {
  const session = useSession();
  const role = session.data?.operator.role;
  if (!maySeeMoneyInsights(role)) {
    return <Text>Insights show money movement, which support does not see.</Text>;
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Insights
      </Title>
      <Text size="sm">
        What the service accepted, per day in UTC. Figures are kept as the journal is written, so a
        send that settles late counts on the day it was made.
      </Text>
      <MoneyMovedChart />
    </Stack>
  );
}
