import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FilterBar, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { IdentityRef } from '@/components/result/identity-ref';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { accountName, accountTypeWords } from '@/lib/account-words';
import { identityName } from '@/lib/identity-words';
import { pagePath } from '@/lib/operation-routes';
import { useIdentities } from '@/lib/use-identities';
import { accountColumns } from '@/lib/list-csv';
import { useServiceList, type ListItem } from '@/lib/use-service-list';

type Account = ListItem<'listAccounts'>;

const COLUMNS: Column<Account>[] = [
  {
    title: 'Account',
    key: true,
    cell: (a) => (
      <Anchor component={Link} to={pagePath('getAccount', { id: a.id ?? '' })} size="sm">
        {accountName(a)}
      </Anchor>
    ),
  },
  { title: 'Type', cell: (a) => <Text size="sm">{accountTypeWords(a.type)}</Text> },
  {
    title: 'Primary identity',
    cell: (a) => (a.identity_id ? <IdentityRef id={a.identity_id} /> : '—'),
  },
  {
    title: 'Members',
    cell: (a) =>
      a.members?.length ? (
        <Stack gap={0}>
          {a.members.map((m) => (
            <Text key={m.identity_id ?? m.id} size="sm" span>
              {m.identity_id ? <IdentityRef id={m.identity_id} /> : '?'}
              {m.roles?.length ? ` (${m.roles.join(', ')})` : ''}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm">None</Text>
      ),
  },
  {
    title: 'Own profile',
    cell: (a) => (a.profile_id ? <ProfileRef id={a.profile_id} withId={false} /> : '—'),
  },
  { title: 'Status', lead: true, cell: (a) => <Text size="sm">{a.summary_status ?? '—'}</Text> },
  { title: 'Created', cell: (a) => (a.created_at ? <LocalTime value={a.created_at} /> : '—') },
];

/**
 * The accounts of the identities the client acts for, newest first: whose each is (its primary
 * identity), who else may act for it (members and their roles) and its own profile, if any.
 */
export default function AccountsPage() {
  const identities = useIdentities();
  const filters = [
    {
      key: 'identity',
      label: 'Primary identity',
      options: (identities.data ?? []).map((i) => ({ value: i.id, label: identityName(i) })),
      searchable: true,
      width: 220,
    },
  ] as const;
  const { values: f, filtered } = useFilters(filters);
  const list = useServiceList('listAccounts', { identity_id: f.identity });
  return (
    <ListPage
      title="Accounts"
      intro="An order, transfer or orchestration may name an account only with an identity that may act for it: its primary identity or a member."
      filters={<FilterBar label="Filter accounts" filters={filters} />}
      filtered={filtered}
      list={list}
      csv={{ file: 'accounts', columns: accountColumns }}
      noun={['account', 'accounts']}
      empty={{ body: 'Accounts of the identities appear here.' }}
    >
      {(items) => <RecordTable label="Accounts" columns={COLUMNS} items={items} minWidth={1000} />}
    </ListPage>
  );
}
