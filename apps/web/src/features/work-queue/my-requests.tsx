import { Text } from '@mantine/core';
import { journalFacts, type WorkItem } from '@console/schemas';
import { Amount } from '@/components/result/amount';
import { WaitingNeeds } from '@/components/approval/waiting-needs';
import { RecordStatus } from '@/components/result/record-status';
import { LocalTime } from '@/components/result/local-time';
import { requestKindWords } from '@/lib/request-kind-words';
import { operationTitle } from './describe';
import { QueueItem, QueueSection } from '@/components/states/queue-section';

function approvalWords(item: WorkItem): string | undefined {
  const { approval, journal } = item;
  if (!approval) return undefined;
  if (journal.state === 'AWAITING_APPROVAL') {
    return `Approvals: ${approval.approvals_given} of ${approval.approvers_needed}`;
  }
  if (approval.approvals_given < approval.approvers_needed) return undefined;
  // What the approval did, in its kind's words: only a send was sent.
  return journal.state === 'SUCCEEDED' ? requestKindWords(journal.operation).done : 'Approved';
}

/** The operator's own sends of the last day and those still waiting, with what became of them. */
export function MyRequests({ items }: { items: WorkItem[] | undefined }) {
  return (
    <QueueSection
      title="My requests"
      count={items?.length}
      empty="You sent nothing in the last day."
    >
      {items?.map((item) => {
        const { journal } = item;
        const facts = journalFacts(journal);
        const approval = approvalWords(item);
        const to =
          journal.state === 'AWAITING_APPROVAL'
            ? `/approvals/${journal.id}`
            : `/journal/${journal.id}`;
        return (
          <QueueItem key={journal.id} to={to} label={operationTitle(journal.operation)}>
            {facts.amount && <Amount value={facts.amount} asset={facts.asset ?? undefined} />}
            <RecordStatus entry={journal} inline />
            {approval && (
              <Text size="xs" c="dimmed">
                {approval}
              </Text>
            )}
            {item.approval && journal.state === 'AWAITING_APPROVAL' && (
              <WaitingNeeds
                prospect={item.approval.prospect}
                roles={item.approval.eligible_roles}
                expiresAt={item.approval.expires_at}
              />
            )}
            <Text size="xs" c="dimmed" span>
              {requestKindWords(journal.operation).made}{' '}
              <LocalTime value={journal.created_at} size="xs" />
            </Text>
          </QueueItem>
        );
      })}
    </QueueSection>
  );
}
