import { Alert, Anchor, List, Table, Text } from '@mantine/core';
import type { BatchRepeats as Repeats } from '@console/schemas';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { personLabel } from '@/lib/person';
import { BATCH_STATE_WORDS, ROW_STATE_WORDS } from './batch-words';

/** The first ten rows by number, and how many more of `total` there are. */
const rowList = (rows: readonly number[], total: number) => {
  const shown = rows.slice(0, 10);
  return total > shown.length
    ? `${shown.join(', ')} and ${total - shown.length} more`
    : shown.join(', ');
};

/**
 * In words, for the approval's confirm: "Rows 2, 5 (2 of 40) pay what rows of earlier batches
 * of the last 7 days pay". Null when no row repeats one.
 */
export function repeatsSentence(repeats: Repeats | null, rowCount: number): string | null {
  if (!repeats || repeats.total === 0) return null;
  const n = repeats.total;
  // Of the rows listed: those past the list name no batch here.
  const batches = new Set(repeats.rows.flatMap((r) => r.earlier.map((e) => e.batch_id))).size;
  return `${n === 1 ? 'Row' : 'Rows'} ${rowList(
    repeats.rows.map((r) => r.row),
    n,
  )} (${n} of ${rowCount}) ${n === 1 ? 'pays' : 'pay'} what ${n === 1 ? 'a row' : 'rows'} of ${batches === 1 ? 'an earlier batch' : `${batches} earlier batches`} of the last ${repeats.days} days ${n === 1 ? 'pays' : 'pay'}: approving sends ${n === 1 ? 'it' : 'them'} again.`;
}

/**
 * The rows of a batch that pay what a row of an earlier batch pays (issue 64): same operation,
 * source, destination, asset, amount and memo, whatever the file's name or order. Each with the
 * earlier batch (a link), its row, who uploaded it and when, and what became of it, so that the
 * approver knows before approving whether a payout would leave twice.
 */
export function BatchRepeats({ repeats, rowCount }: { repeats: Repeats; rowCount: number }) {
  if (repeats.total === 0) return null;
  const unlisted = repeats.total - repeats.rows.length;
  return (
    <Alert
      color="orange"
      variant="light"
      role="note"
      title="Rows that repeat rows of earlier batches"
    >
      <Text size="sm" mb="xs">
        {repeatsSentence(repeats, rowCount)} Check each against the earlier batch before approving.
      </Text>
      <Table aria-label="Repeated rows" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Repeats</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {repeats.rows.map((repeat) => (
            <Table.Tr key={repeat.row}>
              <Table.Th scope="row">{repeat.row}</Table.Th>
              <Table.Td>
                <List size="sm" listStyleType="none">
                  {repeat.earlier.map((e) => (
                    <List.Item key={`${e.batch_id} ${e.row}`}>
                      Row {e.row} of{' '}
                      <Anchor component={Link} to={`/batches/${e.batch_id}`} underline="always">
                        batch {e.file_name}
                      </Anchor>{' '}
                      ({ROW_STATE_WORDS[e.row_state].label.toLowerCase()}; batch{' '}
                      {BATCH_STATE_WORDS[e.batch_state].label.toLowerCase()}), uploaded by{' '}
                      {personLabel(e.created_by, e.created_by_name)},{' '}
                      <LocalTime value={e.created_at} />
                    </List.Item>
                  ))}
                </List>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {unlisted > 0 && (
        <Text size="sm" mt="xs">
          The first {repeats.rows.length} are listed here; {unlisted} more repeat earlier rows too.
        </Text>
      )}
    </Alert>
  );
}
