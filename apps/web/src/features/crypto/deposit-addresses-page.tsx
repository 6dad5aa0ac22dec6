import { Table, Text } from '@mantine/core';
import { CRYPTO_NETWORKS } from '@console/schemas';
import { FilterBar, profileFilter, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { EnumBadge } from '@/components/result/status-badge';
import type { ReadDepositAddress } from '@/lib/read-schemas';
import { useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { conversionInWords } from './conversion-target';

function Cells({ a }: { a: ReadDepositAddress }) {
  const others = (a.compatible_crypto_networks ?? []).filter((n) => n !== a.crypto_network);
  return (
    <>
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
    </>
  );
}

/**
 * The service's crypto deposit addresses, newest first, per profile when one is chosen: where each
 * credits, on which network, and what a deposit of the USD stablecoin becomes.
 */
export function DepositAddressesPage() {
  const profiles = useProfiles();
  const filters = [
    profileFilter(profiles.data),
    { key: 'network', label: 'Network', options: CRYPTO_NETWORKS, width: 180 },
  ] as const;
  const { values: f, filtered } = useFilters(filters);
  const list = useServiceList('listDepositAddresses', {
    profile_ids: f.profile ? [f.profile] : undefined,
    networks: f.network ? [f.network] : undefined,
  });
  const name = f.profile ? profiles.byId.get(f.profile)?.nickname : undefined;
  return (
    <ListPage
      title={`Deposit addresses${name ? ` of ${name}` : ''}`}
      filters={<FilterBar label="Filter deposit addresses" filters={filters} />}
      filtered={filtered}
      list={list}
      noun={['deposit address', 'deposit addresses']}
      empty={{ body: 'Addresses of every profile appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Deposit addresses"
          columns={['Created', 'Profile', 'Network', 'Address', 'Conversion target']}
          items={items}
          cells={(a) => <Cells a={a} />}
          minWidth={960}
        />
      )}
    </ListPage>
  );
}
