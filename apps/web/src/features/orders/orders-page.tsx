import { Button, Group, Stack, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PagedResults } from '@/components/states/paged-results';
import { listOrders, type OrderFilters } from '@/lib/api';
import { useCan } from '@/lib/session';
import { OrderFiltersBar } from './order-filters';
import { OrdersTable } from './orders-table';

const KEYS = ['status', 'side', 'market', 'type'] as const;

/** Orders placed through the console, newest first, as the service answered when they were placed. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilters = Object.fromEntries(
    KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, v]) => v),
  );
  const canOrder = useCan('createOrder');
  const query = useInfiniteQuery({
    queryKey: ['orders', filters],
    queryFn: ({ pageParam }) => listOrders(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Orders
        </Title>
        {canOrder && (
          <Button component={Link} to="/orders/new" size="xs">
            New order
          </Button>
        )}
      </Group>
      <OrderFiltersBar
        value={filters}
        onChange={(next) =>
          setParams(
            Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>,
          )
        }
      />
      <PagedResults
        query={query}
        loadingLabel="Loading orders…"
        empty={
          filtered
            ? { title: 'No orders match these filters', body: 'Clear a filter to see more.' }
            : { title: 'No orders yet', body: 'Orders placed through the console appear here.' }
        }
        count={(n) => `${n} order${n === 1 ? '' : 's'} shown, newest first`}
      >
        {(items) => <OrdersTable items={items} />}
      </PagedResults>
    </Stack>
  );
}
