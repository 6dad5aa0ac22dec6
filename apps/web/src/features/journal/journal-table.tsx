import { Anchor, Stack, Text } from '@mantine/core';
import { journalFacts, operations, type JournalEntry } from '@console/schemas';
import { Link } from 'react-router';
import { RecordTable, type Column } from '@/components/list/record-table';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { RecordStatus } from '@/components/result/record-status';
import { personLabel } from '@/lib/person';
import { operationTitle, outcomeDetail } from './outcome';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

const COLUMNS: Column<JournalEntry>[] = [
  {
    title: 'Time',
    key: true,
    cell: (entry) => (
      <Anchor
        component={Link}
        to={`/journal/${entry.id}`}
        size="sm"
        aria-label={`Open journal entry ${entry.id}`}
      >
        <LocalTime value={entry.created_at} />
      </Anchor>
    ),
  },
  {
    title: 'Operation',
    cell: (entry) => <Text size="sm">{operationTitle(entry.operation, operations)}</Text>,
  },
  {
    title: 'Outcome',
    lead: true,
    cell: (entry) => {
      const detail = outcomeDetail(entry);
      return (
        <Stack gap={2} align="flex-start">
          <RecordStatus entry={entry} />
          {detail && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {detail}
            </Text>
          )}
        </Stack>
      );
    },
  },
  {
    title: 'Amount',
    right: true,
    lead: true,
    cell: (entry) => {
      const facts = journalFacts(entry);
      return facts.amount ? (
        <Amount value={facts.amount} asset={facts.asset ?? undefined} bare />
      ) : (
        dash
      );
    },
  },
  {
    title: 'Asset',
    cell: (entry) => {
      const { asset } = journalFacts(entry);
      return asset ? <Text size="sm">{asset}</Text> : dash;
    },
  },
  {
    title: 'Operator',
    cell: (entry) => <Text size="sm">{personLabel(entry.operator, entry.operator_name)}</Text>,
  },
  {
    title: 'Reference id',
    cell: (entry) => (
      <Text size="xs" ff="monospace">
        {entry.ref_id ?? '—'}
      </Text>
    ),
  },
  { title: 'Attempts', right: true, cell: (entry) => entry.attempts },
];

/**
 * One row per send (a card on a phone): the outcome in words, with the record's status as the
 * service answered then and as it holds it now, each labelled, or why it was refused.
 */
export function JournalTable({ items }: { items: JournalEntry[] }) {
  return <RecordTable label="Journal entries" columns={COLUMNS} items={items} minWidth={980} />;
}
