import { Anchor, Stack, Text } from '@mantine/core';
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
import { RecordTable, type Column } from '@/components/list/record-table';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { EnumBadge, StatusBadge } from '@/components/result/status-badge';
import { averagePrice } from '@/lib/average-price';
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

const assetsOf = (order: Order) =>
  isKnownValue(MARKETS, order.market) ? marketAssets(order.market) : undefined;

/** The amount the order was placed for: a market buy is its quote amount, any other its base. */
function placedAmount(order: Order): ReactNode {
  const assets = assetsOf(order);
  return !order.base_amount && order.quote_amount
    ? amountOr(order.quote_amount, assets?.quote)
    : amountOr(order.base_amount, assets?.base);
}

/**
 * What filled, and at what average price under it: one column, not two, as side and type share
 * one, so that the table fits a 1366 px screen beside the navigation with nothing passing under
 * its pinned action (issue 60, item 7). An unfilled order has no average price, whatever the
 * service writes there.
 */
function filled(order: Order): ReactNode {
  const average = averagePrice(order);
  return (
    <Stack gap={0}>
      {amountOr(order.amount_filled, assetsOf(order)?.base)}
      {average && (
        <Text span size="xs" c="dimmed">
          avg <Amount value={average} asset={assetsOf(order)?.quote} />
        </Text>
      )}
    </Stack>
  );
}

/** Orders as the service holds them: one row each (a card on a phone), its page one click away. */
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
  const columns: Column<Order>[] = [
    {
      title: 'Placed',
      key: true,
      cell: (order) => (
        <Anchor
          component={Link}
          to={orderPath(order)}
          size="sm"
          aria-label={`Open order ${order.id}`}
        >
          {order.created_at ? <LocalTime value={order.created_at} /> : order.id}
        </Anchor>
      ),
    },
    { title: 'Profile', cell: (o) => <Text size="sm">{profileName(profiles, o.profile_id)}</Text> },
    { title: 'Market', cell: (o) => <EnumBadge value={o.market} known={MARKETS} /> },
    {
      title: 'Side, type',
      cell: (o) => (
        <Stack gap={2} align="flex-start">
          <EnumBadge value={o.side} known={ORDER_SIDES} />
          <EnumBadge value={o.type} known={ORDER_TYPES} />
        </Stack>
      ),
    },
    {
      title: 'Status',
      lead: true,
      cell: (o) => <StatusBadge value={o.status} known={ORDER_STATUSES} />,
    },
    { title: 'Amount', right: true, lead: true, cell: placedAmount },
    { title: 'Price', right: true, cell: (o) => amountOr(o.price, assetsOf(o)?.quote) },
    { title: 'Filled', right: true, cell: filled },
    ...(action ? [{ title: 'Action', action: true, cell: action }] : []),
  ];
  return <RecordTable label="Orders" columns={columns} items={items} minWidth={1040} nowrap />;
}
