import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';

/** One column of a list: its heading and how a record fills its cell. */
export interface Column<T> {
  title: string;
  cell: (item: T) => ReactNode;
  /** An amount: right-aligned, under a right-aligned heading. */
  right?: boolean;
  /**
   * What names the record (its link, its time): stays in view while the table scrolls sideways,
   * and heads the record's card on a phone.
   */
  key?: boolean;
  /** The row's action (Cancel): stays in view at the right edge while the table scrolls. */
  action?: boolean;
  /** Shown beside the name on a phone's card (status, amount); other columns are listed below. */
  lead?: boolean;
  /** The heading read on a phone's card, where the table's is not there ("Amount"). */
  cardTitle?: string;
  /**
   * On a phone's card, listed only when this holds: a fact that adds nothing to the card's lead
   * (nothing held by orders, so all of a balance available) is left out, and a long list stays
   * short enough to scroll through (issue 60, item 8). The table always shows the column.
   */
  cardWhen?: (item: T) => boolean;
}

export interface RecordTableProps<T> {
  /** The table's (or, on a phone, the list's) accessible name ("Orchestrations"). */
  label: string;
  columns: readonly Column<T>[];
  items: readonly T[];
  /** What tells records apart (the React key); `id` by default. */
  rowKey?: (item: T) => string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Cells keep to one line (times, ids, amounts), the table scrolling instead. */
  nowrap?: boolean;
  /** The element id of a record's row, where a link elsewhere points at the row. */
  rowId?: (item: T) => string;
  /**
   * Opens a record from a click anywhere on its row (issue 66), as its key column's link does
   * from the keyboard: a click on a link or a button of the row is theirs.
   */
  onOpen?: (item: T) => void;
}

/** A row's click, unless it landed on something of its own that acts (a link, a button). */
function rowClick<T>(onOpen: ((item: T) => void) | undefined, item: T) {
  if (!onOpen) return undefined;
  return (event: React.MouseEvent) => {
    const target = event.target as Element;
    if (target.closest('a, button, input, select, textarea, [role="button"]')) return;
    // Text being selected is not a click to open.
    if (window.getSelection()?.toString()) return;
    onOpen(item);
  };
}

/** Below Mantine's `sm` (48em, 768 px) a phone: each record is a card instead of a row. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** A cell that stays in view at one edge of a table scrolling sideways, over what passes under. */
const pinned = (edge: 'left' | 'right'): CSSProperties => ({
  position: 'sticky',
  [edge]: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: `${edge === 'left' ? 1 : -1}px 0 0 var(--mantine-color-default-border)`,
});

const keyOf = (item: unknown) => (item as { id: string }).id;

/**
 * Records of a list. On a desktop, one row each under labelled columns: the column that names a
 * record and its action stay in view at the edges while the rest scrolls (a 1366 px screen beside
 * the navigation cuts no action off). On a phone, one card each: the name, status and amount at
 * the top, the other columns as labelled facts below, the action last. Every list is this, so
 * they behave alike.
 */
export function RecordTable<T>({
  label,
  columns,
  items,
  rowKey = keyOf,
  minWidth,
  nowrap,
  rowId,
  onOpen,
}: RecordTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (phone)
    return (
      <RecordCards
        label={label}
        columns={columns}
        items={items}
        rowKey={rowKey}
        rowId={rowId}
        onOpen={onOpen}
      />
    );
  const edge = (c: Column<T>): CSSProperties | undefined =>
    c.key ? pinned('left') : c.action ? pinned('right') : undefined;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        highlightOnHover
        withTableBorder
        horizontalSpacing={6}
        aria-label={label}
        style={nowrap ? { whiteSpace: 'nowrap' } : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.title} ta={c.right ? 'right' : undefined} style={edge(c)}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={rowKey(item)}
              id={rowId?.(item)}
              onClick={rowClick(onOpen, item)}
              style={onOpen ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((c) => (
                <Table.Td key={c.title} ta={c.right ? 'right' : undefined} style={edge(c)}>
                  {c.cell(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The records as cards, for a phone: nothing to scroll sideways, status and amount in view. */
function RecordCards<T>({
  label,
  columns,
  items,
  rowKey,
  rowId,
  onOpen,
}: Pick<RecordTableProps<T>, 'label' | 'columns' | 'items' | 'rowId' | 'onOpen'> & {
  rowKey: (item: T) => string;
}) {
  const head = columns.filter((c) => c.key);
  const lead = columns.filter((c) => c.lead && !c.key);
  const action = columns.filter((c) => c.action);
  const facts = columns.filter((c) => !c.key && !c.lead && !c.action);
  const factsOf = (item: T) => facts.filter((c) => !c.cardWhen || c.cardWhen(item));
  return (
    <Stack component="ul" aria-label={label} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Card
          component="li"
          key={rowKey(item)}
          id={rowId?.(item)}
          withBorder
          padding="sm"
          onClick={rowClick(onOpen, item)}
          style={onOpen ? { cursor: 'pointer' } : undefined}
        >
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <div>
                {head.map((c) => (
                  <div key={c.title}>{c.cell(item)}</div>
                ))}
              </div>
              <Group gap="xs" justify="flex-end">
                {lead.map((c) => (
                  <div key={c.title}>{c.cell(item)}</div>
                ))}
              </Group>
            </Group>
            {factsOf(item).length > 0 && (
              <Box
                component="dl"
                m={0}
                style={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 35%) 1fr', gap: 4 }}
              >
                {factsOf(item).map((c) => (
                  <Facts key={c.title} title={c.cardTitle ?? c.title}>
                    {c.cell(item)}
                  </Facts>
                ))}
              </Box>
            )}
            {action.map((c) => (
              <div key={c.title}>{c.cell(item)}</div>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="xs" c="dimmed">
        {title}
      </Text>
      <Box component="dd" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}
