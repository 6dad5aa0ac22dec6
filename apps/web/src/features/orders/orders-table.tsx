import { Anchor, Table, Text } from '@mantine/core';
import {
  MARKETS,
  ORDER_SIDES,
  ORDER_STATUSES,
  ORDER_TYPES,
  isKnownValue,
  marketAssets,
} from '@console/schemas';
import { Link } from 'react-router';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { EnumBadge, StatusBadge } from '@/components/result/status-badge';
import type { ConsoleOrder } from '@console/schemas';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function Row({ item }: { item: ConsoleOrder }) {
  const order = (typeof item.order === 'object' && item.order !== null ? item.order : {}) as Record<
    string,
    unknown
  >;
  const market = text(order.market) ?? '';
  const assets = isKnownValue(MARKETS, market) ? marketAssets(market) : undefined;
  const base = text(order.base_amount);
  const quote = text(order.quote_amount);
  const dash = (
    <Text span c="dimmed">
      —
    </Text>
  );
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component={Link}
          to={`/orders/${item.journal_id}`}
          size="sm"
          aria-label={`Open order placed ${item.created_at}`}
        >
          <LocalTime value={item.created_at} />
        </Anchor>
      </Table.Td>
      <Table.Td>{market ? <EnumBadge value={market} known={MARKETS} /> : dash}</Table.Td>
      <Table.Td>
        {text(order.side) ? <EnumBadge value={text(order.side)!} known={ORDER_SIDES} /> : dash}
      </Table.Td>
      <Table.Td>
        {text(order.type) ? <EnumBadge value={text(order.type)!} known={ORDER_TYPES} /> : dash}
      </Table.Td>
      <Table.Td>
        {text(order.status) ? (
          <StatusBadge value={text(order.status)!} known={ORDER_STATUSES} />
        ) : (
          dash
        )}
      </Table.Td>
      <Table.Td ta="right">
        {base ? (
          <Amount value={base} asset={assets?.base} />
        ) : quote ? (
          <Amount value={quote} asset={assets?.quote} />
        ) : (
          dash
        )}
      </Table.Td>
      <Table.Td ta="right">
        {text(order.price) ? <Amount value={text(order.price)!} asset={assets?.quote} /> : dash}
      </Table.Td>
      <Table.Td ta="right">
        {text(order.amount_filled) ? (
          <Amount value={text(order.amount_filled)!} asset={assets?.base} />
        ) : (
          dash
        )}
      </Table.Td>
      <Table.Td ta="right">
        {text(order.volume_weighted_average_price) ? (
          <Amount value={text(order.volume_weighted_average_price)!} asset={assets?.quote} />
        ) : (
          dash
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.operator_name || item.operator}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

export function OrdersTable({ items }: { items: ConsoleOrder[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      {/* Tight cell padding: eleven columns fit beside the navigation at 1440 px without scrolling. */}
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        horizontalSpacing={6}
        style={{ whiteSpace: 'nowrap' }}
        aria-label="Orders"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Placed</Table.Th>
            <Table.Th>Market</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Filled</Table.Th>
            <Table.Th ta="right">Avg price</Table.Th>
            <Table.Th>Operator</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Row key={item.journal_id} item={item} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
