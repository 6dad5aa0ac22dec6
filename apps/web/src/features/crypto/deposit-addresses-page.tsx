import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { CRYPTO_NETWORKS } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { EnumBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { DepositAddressPageSchema, nextCursor, type ReadDepositAddress } from '@/lib/read-schemas';
import { useProfiles } from '@/lib/use-profiles';
import { conversionInWords } from './conversion-target';

function Row({ a }: { a: ReadDepositAddress }) {
  const others = (a.compatible_crypto_networks ?? []).filter((n) => n !== a.crypto_network);
  return (
    <Table.Tr>
      <Table.Td>
        <LocalTime value={a.created_at} />
      </Table.Td>
      <Table.Td>
        <ProfileRef id={a.profile_id} withId={false} />
      </Table.Td>
      <Table.Td>
        <EnumBadge value={a.crypto_network} known={CRYPTO_NETWORKS} />
        {others.length > 0 && (
          <Text size="xs" c="dimmed">
            also {others.join(', ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <CopyValue value={a.address} label={`deposit address ${a.address}`} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{conversionInWords(a.conversion_target_asset)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The service's crypto deposit addresses, newest first, per profile when one is chosen: where each
 * credits, on which network, and what a deposit of the USD stablecoin becomes.
 */
export function DepositAddressesPage() {
  const [params, setParams] = useSearchParams();
  const profile = params.get('profile') ?? undefined;
  const network = params.get('network') ?? undefined;
  const profiles = useProfiles();
  const query = useInfiniteQuery({
    queryKey: ['svc', 'deposit-addresses', profile, network],
    queryFn: ({ pageParam }) =>
      readService(
        '/v2/transfer/deposit-addresses',
        {
          profile_ids: profile ? [profile] : undefined,
          networks: network ? [network] : undefined,
          limit: 50,
          page_cursor: pageParam,
        },
        DepositAddressPageSchema,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const name = profile ? profiles.byId.get(profile)?.nickname : undefined;
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Deposit addresses{name ? ` of ${name}` : ''}
      </Title>
      <Group gap="sm" role="search" aria-label="Filter deposit addresses">
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
          label="Network"
          data={[...CRYPTO_NETWORKS]}
          value={network ?? null}
          onChange={(v) => set('network', v)}
          clearable
          placeholder="Any"
          size="xs"
          w={180}
        />
      </Group>
      <Freshness query={query} />
      <PagedResults
        query={query}
        loadingLabel="Loading deposit addresses…"
        empty={
          profile || network
            ? { title: 'No deposit addresses match', body: 'Clear a filter to see more.' }
            : { title: 'No deposit addresses yet', body: 'Addresses of every profile appear here.' }
        }
        count={(n) => `${n} address${n === 1 ? '' : 'es'} shown, newest first`}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={960}>
            <Table striped withTableBorder aria-label="Deposit addresses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Profile</Table.Th>
                  <Table.Th>Network</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Conversion target</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Row key={a.id} a={a} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedResults>
    </Stack>
  );
}
