import { Text } from '@mantine/core';
import { CRYPTO_NETWORKS } from '@console/schemas';
import { FilterBar, profileFilter, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { EnumBadge } from '@/components/result/status-badge';
import type { ReadDepositAddress } from '@/lib/read-schemas';
import { depositAddressColumns } from '@/lib/list-csv';
import { useRecordNames } from '@/lib/record-names';
import { useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { conversionInWords } from './conversion-target';

const COLUMNS: Column<ReadDepositAddress>[] = [
  {
    title: 'Address',
    key: true,
    cell: (a) => <CopyValue value={a.address} label={`deposit address ${a.address}`} />,
  },
  { title: 'Profile', cell: (a) => <ProfileRef id={a.profile_id} withId={false} /> },
  {
    title: 'Network',
    lead: true,
    cell: (a) => {
      const others = (a.compatible_crypto_networks ?? []).filter((n) => n !== a.crypto_network);
      return (
        <>
          <EnumBadge value={a.crypto_network} known={CRYPTO_NETWORKS} />
          {others.length > 0 && (
            <Text size="xs" c="dimmed">
              also {others.join(', ')}
            </Text>
          )}
        </>
      );
    },
  },
  { title: 'Created', cell: (a) => <LocalTime value={a.created_at} /> },
  {
    title: 'Conversion target',
    cell: (a) => <Text size="sm">{conversionInWords(a.conversion_target_asset)}</Text>,
  },
];

/**
 * The service's crypto deposit addresses, newest first, per profile when one is chosen: where each
 * credits, on which network, and what a deposit of the USD stablecoin becomes.
 */
export default function DepositAddressesPage() {
  const profiles = useProfiles();
  const nameOf = useRecordNames(['profile']);
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
      csv={{ file: 'deposit-addresses', columns: depositAddressColumns(nameOf) }}
      noun={['deposit address', 'deposit addresses']}
      empty={{ body: 'Addresses of every profile appear here.' }}
    >
      {(items) => (
        <RecordTable label="Deposit addresses" columns={COLUMNS} items={items} minWidth={960} />
      )}
    </ListPage>
  );
}
