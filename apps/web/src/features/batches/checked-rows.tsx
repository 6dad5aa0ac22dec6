import {
  Box,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { BatchCellError, BatchRowCheck } from '@console/schemas';
import { problemWords } from './batch-words';
import { PageSteps } from '@/components/list/page-steps';

/** Rows a page of the checked file shows: enough to scan, few enough to stay quick. */
export const CHECK_PAGE_SIZE = 50;

export type RowFilter = 'all' | 'problems' | 'excluded';

/** A checked row with every problem it has: the check's and those of a refused submit. */
export interface ShownRow {
  row: BatchRowCheck;
  errors: BatchCellError[];
}

/** The rows the search and the filter leave, in the file's order. */
export function filterRows(
  rows: readonly ShownRow[],
  q: string,
  filter: RowFilter,
  excluded: ReadonlySet<number>,
): ShownRow[] {
  const needle = q.trim().toLowerCase();
  return rows.filter(({ row, errors }) => {
    if (filter === 'problems' && errors.length === 0) return false;
    if (filter === 'excluded' && !excluded.has(row.row)) return false;
    if (!needle) return true;
    if (String(row.row) === needle) return true;
    return Object.values(row.cells).some((cell) => cell.toLowerCase().includes(needle));
  });
}

export const cellErrorId = (row: number, column: string) =>
  `batch-row-${row}-cell-${column.replace(/[^A-Za-z0-9_-]/g, '_')}`;

function Cell({
  row,
  column,
  errors,
}: {
  row: BatchRowCheck;
  column: string;
  errors: BatchCellError[];
}) {
  const value = row.cells[column] ?? '';
  const readAs = row.read_as?.[column];
  const own = errors.filter((e) => e.column === column);
  // Read otherwise than typed (`1,250.00` as 1250.00): said in the cell, as the form says it.
  const read = readAs !== undefined && (
    <Text size="xs" c="dimmed">
      Read as {readAs}
    </Text>
  );
  if (own.length === 0) {
    return (
      <Table.Td>
        {value}
        {read}
      </Table.Td>
    );
  }
  const id = cellErrorId(row.row, column);
  return (
    // Focusable from script only: a refused submit brings the operator to the first problem.
    <Table.Td
      aria-invalid="true"
      aria-describedby={id}
      tabIndex={-1}
      style={{ boxShadow: 'inset 0 0 0 2px var(--mantine-color-red-outline)' }}
    >
      <Text span size="sm">
        {value === '' ? (
          <Text span size="sm" c="dimmed">
            (empty)
          </Text>
        ) : (
          value
        )}
      </Text>
      {read}
      <Text id={id} size="xs" c="red">
        {own.map((e) => e.message).join('; ')}
      </Text>
    </Table.Td>
  );
}

/**
 * The checked rows of a file: a page at a time (the whole file is in memory, so paging and the
 * search are the browser's), each problem in its cell and listed for its row, and "Exclude" on
 * every row with a problem.
 */
export function CheckedRows({
  columns,
  rows,
  excluded,
  onExclude,
  q,
  onQ,
  filter,
  onFilter,
  page,
  onPage,
}: {
  columns: readonly string[];
  rows: readonly ShownRow[];
  excluded: ReadonlySet<number>;
  onExclude: (row: number, excluded: boolean) => void;
  q: string;
  onQ: (q: string) => void;
  filter: RowFilter;
  onFilter: (filter: RowFilter) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const shown = filterRows(rows, q, filter, excluded);
  const pages = Math.max(1, Math.ceil(shown.length / CHECK_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const first = current * CHECK_PAGE_SIZE;
  const slice = shown.slice(first, first + CHECK_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Group align="end" gap="sm">
        <TextInput
          label="Search rows"
          description="Any cell’s text, or a row number"
          value={q}
          onChange={(e) => onQ(e.currentTarget.value)}
          w={260}
        />
        <NativeSelect
          label="Show"
          value={filter}
          onChange={(e) => onFilter(e.currentTarget.value as RowFilter)}
          data={[
            { value: 'all', label: 'All rows' },
            { value: 'problems', label: 'Rows with problems' },
            { value: 'excluded', label: 'Excluded rows' },
          ]}
        />
      </Group>
      <Text size="xs" c="dimmed" role="status">
        {shown.length === 0
          ? 'No row matches.'
          : `Rows ${first + 1}–${first + slice.length} of ${shown.length}${shown.length < rows.length ? ` (of ${rows.length} in the file)` : ''}`}
      </Text>
      {slice.length > 0 && (
        // A region of its own, reachable from the keyboard: it scrolls sideways when the file is wide.
        <Box
          className="table-scroll"
          role="region"
          aria-label="Checked rows, scrolling sideways"
          tabIndex={0}
        >
          <Table
            aria-label="Checked rows"
            withTableBorder
            striped
            miw={Math.max(600, 140 * columns.length)}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Row</Table.Th>
                {columns.map((c) => (
                  <Table.Th scope="col" key={c}>
                    {c}
                  </Table.Th>
                ))}
                <Table.Th scope="col">Problems</Table.Th>
                <Table.Th scope="col">Exclude</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slice.map(({ row, errors }) => (
                <Table.Tr key={row.row} data-row={row.row}>
                  <Table.Th scope="row">{row.row}</Table.Th>
                  {columns.map((c) => (
                    <Cell key={c} row={row} column={c} errors={errors} />
                  ))}
                  <Table.Td>
                    {errors.length === 0 ? (
                      <Text size="sm" c="teal">
                        Valid
                      </Text>
                    ) : (
                      <List size="xs" aria-label={`Problems of row ${row.row}`}>
                        {errors.map((e, i) => (
                          <List.Item key={i}>{problemWords(e)}</List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {errors.length > 0 && (
                      <Checkbox
                        label="Exclude"
                        aria-label={`Exclude row ${row.row}`}
                        checked={excluded.has(row.row)}
                        onChange={(e) => onExclude(row.row, e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <PageSteps page={current} pages={pages} onPage={onPage} />
    </Stack>
  );
}
