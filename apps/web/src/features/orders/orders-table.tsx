import { Anchor, Table, Text } from '@mantine/core';
import {
  MARKETS,
  ORDER_SIDES,
  ORDER_STATUSES,
  ORDER_TYPES,
  isKnownValue,
  marketAssets,
  type Order,
} from '@console/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { EnumBadge, StatusBadge } from '@/components/result/status-badge';
import { pagePath } from '@/lib/operation-routes';
import type { Profile } from '@/lib/read-schemas';
import { profileName } from '@/lib/use-profiles';

const dash = (
  <Text span c="dimmed" aria-label="none">
    —
  </Text>
);

/** The order's page in the console. */
export const orderPath = (order: Pick<Order, 'profile_id' | 'id'>) =>
  pagePath('getOrder', { profile_id: order.profile_id ?? '', id: order.id });

function amountOr(value: string | undefined, asset: string | undefined): ReactNode {
  return value ? <Amount value={value} asset={asset} /> : dash;
}

function Row({
  order,
  profiles,
  action,
}: {
  order: Order;
  profiles: ReadonlyMap<string, Profile>;
  action?: ReactNode;
}) {
  const assets = isKnownValue(MARKETS, order.market) ? marketAssets(order.market) : undefined;
  const marketBuy = !order.base_amount && order.quote_amount;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component={Link}
          to={orderPath(order)}
          size="sm"
          aria-label={`Open order ${order.id}`}
        >
          {order.created_at ? <LocalTime value={order.created_at} /> : order.id}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{profileName(profiles, order.profile_id)}</Text>
      </Table.Td>
      <Table.Td>
        <EnumBadge value={order.market} known={MARKETS} />
      </Table.Td>
      <Table.Td>
        <EnumBadge value={order.side} known={ORDER_SIDES} />
      </Table.Td>
      <Table.Td>
        <EnumBadge value={order.type} known={ORDER_TYPES} />
      </Table.Td>
      <Table.Td>
        <StatusBadge value={order.status} known={ORDER_STATUSES} />
      </Table.Td>
      <Table.Td ta="right">
        {marketBuy
          ? amountOr(order.quote_amount, assets?.quote)
          : amountOr(order.base_amount, assets?.base)}
      </Table.Td>
      <Table.Td ta="right">{amountOr(order.price, assets?.quote)}</Table.Td>
      <Table.Td ta="right">{amountOr(order.amount_filled, assets?.base)}</Table.Td>
      <Table.Td ta="right">{amountOr(order.volume_weighted_average_price, assets?.quote)}</Table.Td>
      {action !== undefined && <Table.Td>{action}</Table.Td>}
    </Table.Tr>
  );
}

/** Orders as the service holds them: one row each, its page one click away. */
export function OrdersTable({
  items,
  profiles,
  action,
}: {
  items: readonly Order[];
  profiles: ReadonlyMap<string, Profile>;
  /** A per-row action (Cancel), when the operator may take one. */
  action?: (order: Order) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={1040}>
      {/* Tight cell padding: the columns, Cancel's included, fit beside the navigation at 1440 px
          without scrolling. */}
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        horizontalSpacing={action ? 4 : 6}
        style={{ whiteSpace: 'nowrap' }}
        aria-label="Orders"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Placed</Table.Th>
            <Table.Th>Profile</Table.Th>
            <Table.Th>Market</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Filled</Table.Th>
            <Table.Th ta="right">Avg price</Table.Th>
            {action && <Table.Th>Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((order) => (
            <Row key={order.id} order={order} profiles={profiles} action={action?.(order)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
