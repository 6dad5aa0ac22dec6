import { Anchor, Table, Text } from '@mantine/core';
import { JOURNAL_STATES, operations, type JournalEntry } from '@console/schemas';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { operationTitle, outcomeOf } from './outcome';

export function JournalTable({ items }: { items: JournalEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover withTableBorder stickyHeader aria-label="Journal entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Operation</Table.Th>
            <Table.Th>Operator</Table.Th>
            <Table.Th>Reference id</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th ta="right">Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entry) => (
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
                <Text size="sm">{entry.operator_name || entry.operator}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {entry.ref_id ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge value={entry.state} known={JOURNAL_STATES} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {outcomeOf(entry)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{entry.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
