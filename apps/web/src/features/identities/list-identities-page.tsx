import { Anchor, Stack, Text } from '@mantine/core';
import { IDENTITY_CONTROL_TYPES, IDENTITY_STATUSES, IDENTITY_TYPES } from '@console/schemas';
import { Link } from 'react-router';
import { FilterBar, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import {
  activeControls,
  controlWords,
  identityName,
  identityTypeWords,
} from '@/lib/identity-words';
import { pagePath } from '@/lib/operation-routes';
import { identityColumns } from '@/lib/list-csv';
import { useServiceList, type ListItem } from '@/lib/use-service-list';
import { IdentityStatus } from './identity-status';
import { PersonalDataNote } from './personal-data-note';

type Identity = ListItem<'listIdentities'>;

const FILTERS = [
  { key: 'status', label: 'Status', options: IDENTITY_STATUSES },
  { key: 'type', label: 'Type', options: IDENTITY_TYPES },
  { key: 'control', label: 'Active control', options: IDENTITY_CONTROL_TYPES, width: 170 },
] as const;

const COLUMNS: Column<Identity>[] = [
  {
    title: 'Name',
    key: true,
    cell: (i) => (
      <Anchor component={Link} to={pagePath('getIdentity', { id: i.id })} size="sm">
        {identityName(i)}
      </Anchor>
    ),
  },
  { title: 'Type', cell: (i) => <Text size="sm">{identityTypeWords(i.type)}</Text> },
  { title: 'Status', lead: true, cell: (i) => <IdentityStatus identity={i} /> },
  {
    title: 'Active controls',
    cell: (i) => {
      const controls = activeControls(i);
      return controls.length ? (
        <Stack gap={0}>
          {controls.map((c) => (
            <Text key={c.id} size="sm">
              {controlWords(c)}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm">None</Text>
      );
    },
  },
  { title: 'Created', cell: (i) => (i.created_at ? <LocalTime value={i.created_at} /> : '—') },
];

/**
 * The people and institutions the client acts for, newest first: whether each may transact (its
 * status in words and its active controls), each opening its page with its accounts.
 */
export default function IdentitiesPage() {
  const { values: f, filtered } = useFilters(FILTERS);
  const list = useServiceList('listIdentities', {
    summary_status: f.status,
    identity_type: f.type,
    control_types: f.control ? [f.control] : undefined,
  });
  return (
    <ListPage
      title="Identities"
      intro="Who the client acts for: an order, transfer or orchestration may name one only while it may transact."
      filters={
        <Stack gap="xs">
          <PersonalDataNote read="listIdentities" />
          <FilterBar label="Filter identities" filters={FILTERS} />
        </Stack>
      }
      filtered={filtered}
      list={list}
      csv={{ file: 'identities', columns: identityColumns }}
      noun={['identity', 'identities']}
      empty={{ body: 'Identities the client created appear here.' }}
    >
      {(items) => <RecordTable label="Identities" columns={COLUMNS} items={items} minWidth={900} />}
    </ListPage>
  );
}
