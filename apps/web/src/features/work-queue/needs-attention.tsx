import { Text } from '@mantine/core';
import { journalFacts, type AttentionItem, type WorkQueue } from '@console/schemas';
import { Amount } from '@/components/result/amount';
import { OutcomeBadge } from '@/components/result/record-status';
import { LocalTime } from '@/components/result/local-time';
import { stillNeededWords } from '@/components/approval/prospect-words';
import { operationTitle } from './describe';
import { QueueItem, QueueSection } from '@/components/states/queue-section';
import { personLabel } from '@/lib/person';
import { openDifferences } from '@/lib/reconcile-kinds';

function why(item: AttentionItem) {
  switch (item.reason) {
    case 'unknown':
      return 'The service did not answer: resolve it from its journal entry.';
    case 'rejected':
      return item.journal.error ?? 'Refused by the service.';
    case 'stalled':
      // Never left to expire unseen: why nobody can approve it, in the BFF's words.
      return `Cannot be approved as things stand: ${item.approval?.prospect?.stalled ?? 'too few operators may approve it.'}`;
    case 'expiring':
      return item.approval ? (
        <>
          Expires unless approved by <LocalTime value={item.approval.expires_at} size="xs" />
        </>
      ) : (
        'Expires soon unless approved.'
      );
  }
}

/** Open reconciliation differences as one item: how many of each kind, the worst first. */
function OpenDifferences({ openByKind }: { openByKind: Record<string, number> }) {
  const kinds = openDifferences(openByKind);
  const total = kinds.reduce((sum, k) => sum + k.count, 0);
  return (
    <QueueItem
      to="/reconciliation"
      label={`${total} open reconciliation ${total === 1 ? 'difference' : 'differences'}`}
    >
      {kinds.map((k) => (
        <Text key={k.kind} size="xs" span c={k.kind === 'absent' ? 'red.8' : undefined}>
          {k.words}
        </Text>
      ))}
    </QueueItem>
  );
}

/**
 * Outcomes nobody may leave as they are: unknown, refused in the last day, about to expire, or
 * waiting for approvals the operators there are cannot give; and, for those who may work them,
 * open reconciliation differences (a journal and a service that disagree are just as unsettled).
 */
export function NeedsAttention({
  items,
  reconciliation,
}: {
  items: AttentionItem[] | undefined;
  reconciliation?: WorkQueue['reconciliation'];
}) {
  const differences = reconciliation ? openDifferences(reconciliation.open_by_kind).length : 0;
  const count = items === undefined ? undefined : items.length + (differences > 0 ? 1 : 0);
  return (
    <QueueSection title="Needs attention" count={count} empty="Nothing needs attention.">
      {reconciliation && differences > 0 && (
        <OpenDifferences openByKind={reconciliation.open_by_kind} />
      )}
      {items?.map((item) => {
        const { journal } = item;
        const facts = journalFacts(journal);
        const waits = item.reason === 'expiring' || item.reason === 'stalled';
        const to = waits ? `/approvals/${journal.id}` : `/journal/${journal.id}`;
        return (
          <QueueItem
            key={journal.id}
            to={to}
            label={`${operationTitle(journal.operation)} by ${personLabel(journal.operator, journal.operator_name)}`}
          >
            {facts.amount && <Amount value={facts.amount} asset={facts.asset ?? undefined} />}
            <OutcomeBadge entry={journal} />
            <Text size="xs" c="dimmed" span>
              {why(item)}
            </Text>
            {item.reason === 'expiring' && item.approval?.prospect && (
              <Text size="xs" span>
                Needs {stillNeededWords(item.approval.prospect, item.approval.eligible_roles)}
              </Text>
            )}
            {item.reason === 'stalled' && item.approval && (
              <Text size="xs" c="dimmed" span>
                Expires <LocalTime value={item.approval.expires_at} size="xs" />
              </Text>
            )}
          </QueueItem>
        );
      })}
    </QueueSection>
  );
}
