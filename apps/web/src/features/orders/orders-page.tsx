import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
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
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
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
      {query.isPending ? (
        <LoadingState label="Loading orders…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={filtered ? 'No orders match these filters' : 'No orders yet'}>
          {filtered
            ? 'Clear a filter to see more.'
            : 'Orders placed through the console appear here.'}
        </EmptyState>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {items.length} order{items.length === 1 ? '' : 's'} shown, newest first
          </Text>
          <OrdersTable items={items} />
          {query.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              Load more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
