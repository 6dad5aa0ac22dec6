import { Group, Select, Stack, Title } from '@mantine/core';
import { TRANSFER_STATUSES } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { TransferPageSchema, nextCursor } from '@/lib/read-schemas';
import { useProfiles } from '@/lib/use-profiles';
import { TransfersTable } from './transfers-table';

/**
 * The service's transfers, newest first, paged by its cursor. The service takes a profile filter
 * only with time filters, so with a profile chosen the status is filtered in the console.
 */
export function TransfersPage() {
  const [params, setParams] = useSearchParams();
  const profile = params.get('profile') ?? undefined;
  const status = params.get('status') ?? undefined;
  const profiles = useProfiles();
  const query = useInfiniteQuery({
    queryKey: ['svc', 'transfers', profile, status],
    queryFn: ({ pageParam }) =>
      readService(
        '/v2/transfer/transfers',
        {
          profile_ids: profile ? [profile] : undefined,
          statuses: !profile && status ? [status] : undefined,
          limit: 50,
          page_cursor: pageParam,
        },
        TransferPageSchema,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    select: (data) =>
      profile && status
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.filter((t) => t.status === status),
            })),
          }
        : data,
  });
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Transfers
      </Title>
      <Group gap="sm" role="search" aria-label="Filter transfers">
        <Select
          label="Profile"
          data={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.nickname || p.id }))}
          value={profile ?? null}
          onChange={(v) => set('profile', v)}
          clearable
          searchable
          placeholder="Any"
          size="xs"
          w={200}
        />
        <Select
          label="Status"
          data={[...TRANSFER_STATUSES]}
          value={status ?? null}
          onChange={(v) => set('status', v)}
          clearable
          placeholder="Any"
          size="xs"
          w={160}
        />
      </Group>
      <Freshness query={query} />
      <PagedResults
        query={query}
        loadingLabel="Loading transfers…"
        empty={
          profile || status
            ? { title: 'No transfers match these filters', body: 'Clear a filter to see more.' }
            : { title: 'No transfers yet', body: 'Transfers of every profile appear here.' }
        }
        count={(n) => `${n} transfer${n === 1 ? '' : 's'} shown, newest first`}
      >
        {(items) => <TransfersTable items={items} profiles={profiles.byId} />}
      </PagedResults>
    </Stack>
  );
}
