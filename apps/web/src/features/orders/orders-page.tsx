import { Button, Group, Stack, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { operations } from '@console/schemas';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { OrderPageSchema, nextCursor } from '@/lib/read-schemas';
import { useCan } from '@/lib/session';
import { useProfiles } from '@/lib/use-profiles';
import { ORDER_FILTER_KEYS, OrderFiltersBar, dayBound, type OrderFilters } from './order-filters';
import { CancelOrderAction } from './cancel-order-action';
import { OrdersTable } from './orders-table';

/** Rows a page asks the service for: a screenful, and "Load more" for the next. */
export const ORDERS_PAGE_SIZE = 50;

/** The service's orders across the profiles the console sees, newest first, paged by its cursor. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilters = Object.fromEntries(
    ORDER_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, v]) => v),
  );
  const canOrder = useCan('createOrder');
  const canCancel = useCan('cancelOrder');
  const profiles = useProfiles();
  const query = useInfiniteQuery({
    queryKey: ['svc', 'orders', filters],
    queryFn: ({ pageParam }) =>
      readService(
        '/v2/orders',
        {
          profile_id: filters.profile,
          market: filters.market,
          status: filters.status,
          'order_time.begin': dayBound(filters.from, false),
          'order_time.end': dayBound(filters.to, true),
          limit: ORDERS_PAGE_SIZE,
          page_cursor: pageParam,
        },
        OrderPageSchema,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    // The service has no side filter: the console keeps the rows of the side asked for.
    select: (data) =>
      filters.side
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.filter((o) => o.side === filters.side),
            })),
          }
        : data,
  });
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Orders
        </Title>
        {canOrder && (
          <Button component={Link} to={operations.createOrder.route} size="xs">
            New order
          </Button>
        )}
      </Group>
      <OrderFiltersBar
        value={filters}
        profiles={profiles.data ?? []}
        onChange={(next) =>
          setParams(
            Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>,
          )
        }
      />
      <Freshness query={query} />
      <PagedResults
        query={query}
        loadingLabel="Loading orders…"
        empty={
          filtered
            ? { title: 'No orders match these filters', body: 'Clear a filter to see more.' }
            : { title: 'No orders yet', body: 'Orders of every profile appear here.' }
        }
        count={(n) => `${n} order${n === 1 ? '' : 's'} shown, newest first`}
      >
        {(items) => (
          <OrdersTable
            items={items}
            profiles={profiles.byId}
            action={canCancel ? (order) => <CancelOrderAction order={order} compact /> : undefined}
          />
        )}
      </PagedResults>
    </Stack>
  );
}
