import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column's heading; amounts are right-aligned, under a right-aligned heading. */
export type Column = string | { title: string; right: true };

export interface RecordTableProps<T extends { id: string }> {
  /** The table's accessible name ("Orchestrations"). */
  label: string;
  columns: readonly Column[];
  items: readonly T[];
  /** One record's cells (`Table.Td`), in the order of the columns. */
  cells: (item: T) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Cells keep to one line (times, ids, amounts), the table scrolling instead. */
  nowrap?: boolean;
  /** The element id of a record's row, where a link elsewhere points at the row. */
  rowId?: (item: T) => string;
}

/** Records of a list, one row each under labelled columns. */
export function RecordTable<T extends { id: string }>({
  label,
  columns,
  items,
  cells,
  minWidth,
  nowrap,
  rowId,
}: RecordTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        withTableBorder
        aria-label={label}
        style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <Table.Th key={c}>{c}</Table.Th>
              ) : (
                <Table.Th key={c.title} ta="right">
                  {c.title}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} id={rowId?.(item)}>
              {cells(item)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
