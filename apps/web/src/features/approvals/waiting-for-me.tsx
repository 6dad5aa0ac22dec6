import { Text } from '@mantine/core';
import { RequestParties } from '@/components/approval/request-parties-view';
import { WaitingNeeds } from '@/components/approval/waiting-needs';
import { QueueItem, QueueSection } from '@/components/states/queue-section';
import { amountSummary } from './amount-summary';
import { batchSummary } from './batch-summary';
import { useApprovalQueue, useWaitingBatches } from './use-approvals';
import { personLabel } from '@/lib/person';
import { operationTitle } from '@/lib/operation-title';
import { requestParties } from '@/lib/request-parties';

/** The home page's first section: requests of other operators that wait for this one. */
export function WaitingForMe() {
  const queue = useApprovalQueue();
  const items = queue.data?.items;
  const batches = useWaitingBatches();
  return (
    <QueueSection
      title="Waiting for my approval"
      count={items && items.length + batches.length}
      empty="Nothing waits for your approval."
      badgeColor="yellow"
    >
      {items?.map((item) => {
        const id = item.journal.operation;
        const title = operationTitle(id);
        const amount = amountSummary(item.fields);
        // What it is about in words, as the approvals list says it: a policy version's reason,
        // the destination a book entry adds, the two sides of a transfer (issue 66).
        const parties = requestParties(id, item.fields);
        return (
          <QueueItem
            key={item.journal.id}
            to={`/approvals/${item.journal.id}`}
            label={`${title}${amount ? ` of ${amount}` : ''}`}
          >
            {Object.keys(parties).length > 0 && <RequestParties parties={parties} />}
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
      {batches.map((batch) => (
        <QueueItem key={batch.id} to={`/batches/${batch.id}`} label={`Batch ${batch.file_name}`}>
          <Text size="xs">{batchSummary(batch)}</Text>
          <Text size="xs" c="dimmed">
            Made by {batch.created_by}; waits until approved or rejected
          </Text>
        </QueueItem>
      ))}
    </QueueSection>
  );
}
