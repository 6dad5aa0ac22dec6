import { Text } from '@mantine/core';
import { WaitingNeeds } from '@/components/approval/waiting-needs';
import { QueueItem, QueueSection } from '@/components/states/queue-section';
import { amountSummary } from './amount-summary';
import { useApprovalQueue } from './use-approvals';
import { personLabel } from '@/lib/person';
import { operationTitle } from '@/lib/operation-title';

/** The home page's first section: requests of other operators that wait for this one. */
export function WaitingForMe() {
  const queue = useApprovalQueue();
  const items = queue.data?.items;
  return (
    <QueueSection
      title="Waiting for my approval"
      count={items?.length}
      empty="Nothing waits for your approval."
      badgeColor="yellow"
    >
      {items?.map((item) => {
        const id = item.journal.operation;
        const title = operationTitle(id);
        const amount = amountSummary(item.fields);
        return (
          <QueueItem
            key={item.journal.id}
            to={`/approvals/${item.journal.id}`}
            label={`${title}${amount ? ` of ${amount}` : ''}`}
          >
            <Text size="xs" c="dimmed">
              Made by {personLabel(item.journal.operator, item.journal.operator_name)}
            </Text>
            <WaitingNeeds
              prospect={item.approval.prospect}
              roles={item.approval.eligible_roles}
              expiresAt={item.approval.expires_at}
            />
          </QueueItem>
        );
      })}
    </QueueSection>
  );
}
