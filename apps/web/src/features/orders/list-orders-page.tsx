import { Button } from '@mantine/core';
import { routeOf } from '@console/schemas';
import { Link } from 'react-router';
import { FilterBar, profileFilter, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { orderColumns } from '@/lib/list-csv';
import { useRecordNames } from '@/lib/record-names';
import { useCan } from '@/lib/session';
import { useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { CancelOrderAction } from './cancel-order-action';
import { ORDER_FILTERS, dayBound } from './order-filters';
import { OrdersTable } from './orders-table';
import { PricesStrip } from './prices-strip';

/** The service's orders across the profiles the console sees, newest first, paged by its cursor. */
export default function OrdersPage() {
  const canOrder = useCan('createOrder');
  const canCancel = useCan('cancelOrder');
  const profiles = useProfiles();
  const nameOf = useRecordNames(['profile']);
  const filters = [profileFilter(profiles.data), ...ORDER_FILTERS];
  const { values: f, filtered } = useFilters(filters);
  const list = useServiceList(
    'listOrders',
    {
      profile_id: f.profile,
      market: f.market,
      status: f.status,
      'order_time.begin': dayBound(f.from, false),
      'order_time.end': dayBound(f.to, true),
    },
    { keep: f.side ? (order) => order.side === f.side : undefined },
  );
  return (
    <ListPage
      title="Orders"
      actions={
        canOrder && (
          <Button component={Link} to={routeOf('createOrder')} size="xs">
            New order
          </Button>
        )
      }
      filters={[
        <PricesStrip key="prices" />,
        <FilterBar key="f" label="Filter orders" filters={filters} />,
      ]}
      filtered={filtered}
      list={list}
      csv={{ file: 'orders', columns: orderColumns(nameOf) }}
      noun={['order', 'orders']}
      empty={{ body: 'Orders of every profile appear here.' }}
    >
      {(items) => (
        <OrdersTable
          items={items}
          profiles={profiles.byId}
          action={canCancel ? (order) => <CancelOrderAction order={order} compact /> : undefined}
        />
      )}
    </ListPage>
  );
}
