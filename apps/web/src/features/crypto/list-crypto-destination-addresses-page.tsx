import { Anchor, Button, Text } from '@mantine/core';
import { CRYPTO_DESTINATION_ADDRESS_STATUSES, CRYPTO_NETWORKS, routeOf } from '@console/schemas';
import { Link } from 'react-router';
import { GoverningList } from '@/components/book/governing-list';
import { FilterBar, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import { IdentityRef } from '@/components/result/identity-ref';
import { LocalTime } from '@/components/result/local-time';
import { EnumBadge, StatusBadge } from '@/components/result/status-badge';
import { useCan, useSession } from '@/lib/session';
import { useDestinationAddresses } from '@/lib/use-destination-addresses';
import { destinationAddressColumns } from '@/lib/list-csv';
import { useServiceList, type ListItem } from '@/lib/use-service-list';

type Address = ListItem<'listCryptoDestinationAddresses'>;

/** Where a row's "Rename or bookmark" opens the form: Put, by the address's id, from its values. */
function RenameLink({ a }: { a: Address }) {
  const prefill = {
    id: a.id,
    ...(a.nickname ? { nickname: a.nickname } : {}),
    bookmarked_status: a.bookmarked ?? false,
  };
  return (
    <Anchor
      component={Link}
      to={routeOf('putCryptoDestinationAddress')}
      state={{ prefill }}
      size="sm"
      aria-label={`Rename or bookmark ${a.nickname || a.address}`}
    >
      Rename or bookmark
    </Anchor>
  );
}

const COLUMNS: Column<Address>[] = [
  {
    title: 'Nickname',
    key: true,
    cell: (a) => (
      <>
        <Text size="sm" fw={500}>
          {a.nickname || 'No nickname'}
        </Text>
        {a.bookmarked && (
          <Text size="xs" c="dimmed">
            Bookmarked
          </Text>
        )}
      </>
    ),
  },
  { title: 'Network', cell: (a) => <EnumBadge value={a.crypto_network} known={CRYPTO_NETWORKS} /> },
  {
    title: 'Address',
    cell: (a) => <CopyValue value={a.address} label={`address ${a.nickname || a.address}`} />,
  },
  {
    title: 'Status',
    lead: true,
    cell: (a) => (
      <>
        <StatusBadge value={a.status ?? 'UNKNOWN'} known={CRYPTO_DESTINATION_ADDRESS_STATUSES} />
        {a.status !== 'APPROVED' && <Text size="xs">Cannot be paid out to until approved</Text>}
      </>
    ),
  },
  {
    title: 'Scoped to',
    cell: (a) =>
      a.identity_id ? <IdentityRef id={a.identity_id} /> : <Text size="sm">The client’s own</Text>,
  },
  { title: 'Created', cell: (a) => (a.created_at ? <LocalTime value={a.created_at} /> : '—') },
];

/** The row's action, for those who may change the book. */
const ACTION: Column<Address> = {
  title: 'Actions',
  action: true,
  cell: (a) => <RenameLink a={a} />,
};

/**
 * The service's book of destination addresses, newest first: what withdrawals and orchestrations
 * may pay out to (only APPROVED ones). Filters by network and nickname are the service's, by
 * status the console's. Renaming or bookmarking opens the generated Put form from the row; the
 * change is held for another operator's approval and journaled, as every change of a payee.
 */
export default function DestinationAddressesPage() {
  const canPut = useCan('putCryptoDestinationAddress');
  const role = useSession().data?.operator.role;
  // A viewer and an auditor see nicknames masked, and the BFF refuses a filter by them.
  const seesNicknames = role !== undefined && role !== 'viewer' && role !== 'auditor';
  const book = useDestinationAddresses();
  const nicknames = [
    ...new Set((book.data ?? []).flatMap((a) => (a.nickname ? [a.nickname] : []))),
  ];
  const byNickname = {
    key: 'nickname',
    label: 'Nickname',
    options: nicknames.sort(),
    searchable: true,
    width: 220,
  } as const;
  const filters = [
    { key: 'network', label: 'Network', options: CRYPTO_NETWORKS, width: 180 },
    { key: 'status', label: 'Status', options: CRYPTO_DESTINATION_ADDRESS_STATUSES },
    ...(seesNicknames ? [byNickname] : []),
  ] as const;
  const { values: f, filtered } = useFilters(filters);
  const list = useServiceList(
    'listCryptoDestinationAddresses',
    {
      crypto_networks: f.network ? [f.network] : undefined,
      nicknames: seesNicknames && f.nickname ? [f.nickname] : undefined,
    },
    { keep: f.status ? (a) => a.status === f.status : undefined },
  );
  return (
    <ListPage
      title="Address book"
      intro={
        <>
          Crypto addresses payouts may go to: only an approved one can be paid out to, and only for
          the identity it is scoped to.
          <GoverningList here="address-book" />
        </>
      }
      actions={
        canPut && (
          <Button component={Link} to={routeOf('putCryptoDestinationAddress')} size="xs">
            New destination address
          </Button>
        )
      }
      filters={<FilterBar label="Filter the address book" filters={filters} />}
      filtered={filtered}
      list={list}
      csv={{ file: 'address-book', columns: destinationAddressColumns }}
      noun={['address', 'addresses']}
      empty={{ body: 'Addresses put in the book appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Destination addresses"
          columns={canPut ? [...COLUMNS, ACTION] : COLUMNS}
          items={items}
          minWidth={1100}
        />
      )}
    </ListPage>
  );
}
