import { Anchor, Stack, Table, Text } from '@mantine/core';
import { journalFacts, operations, type JournalEntry } from '@console/schemas';
import { Link } from 'react-router';
import { Amount } from '@/components/result/amount';
import { JournalStateBadge } from '@/components/result/journal-state-badge';
import { LocalTime } from '@/components/result/local-time';
import { operationTitle, outcomeDetail } from './outcome';
import { personLabel } from '@/lib/person';

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/**
 * One row per send, one status per row: the outcome in words, with the service's status of the
 * record (or why it was refused) beneath it, labelled.
 */
export function JournalTable({ items }: { items: JournalEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover withTableBorder stickyHeader aria-label="Journal entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Operation</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Asset</Table.Th>
            <Table.Th>Operator</Table.Th>
            <Table.Th>Reference id</Table.Th>
            <Table.Th ta="right">Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entry) => {
            const facts = journalFacts(entry);
            const detail = outcomeDetail(entry);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/journal/${entry.id}`}
                    size="sm"
                    aria-label={`Open journal entry ${entry.id}`}
                  >
                    <LocalTime value={entry.created_at} />
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{operationTitle(entry.operation, operations)}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <JournalStateBadge state={entry.state} />
                    {detail && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {detail}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  {facts.amount ? (
                    <Amount value={facts.amount} asset={facts.asset ?? undefined} bare />
                  ) : (
                    dash
                  )}
                </Table.Td>
                <Table.Td>{facts.asset ? <Text size="sm">{facts.asset}</Text> : dash}</Table.Td>
                <Table.Td>
                  <Text size="sm">{personLabel(entry.operator, entry.operator_name)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {entry.ref_id ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{entry.attempts}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
