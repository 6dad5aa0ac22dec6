import { Anchor, Text } from '@mantine/core';
import { FIAT_DEPOSIT_INSTRUCTIONS_STATUSES } from '@console/schemas';
import { Link } from 'react-router';
import { FilterBar, profileFilter, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import { IdentityRef } from '@/components/result/identity-ref';
import { LocalTime } from '@/components/result/local-time';
import { ProfileRef } from '@/components/result/profile-ref';
import { StatusBadge } from '@/components/result/status-badge';
import { railAndDigits } from '@/lib/fiat-account-words';
import { pagePath } from '@/lib/operation-routes';
import { useProfiles } from '@/lib/use-profiles';
import { depositInstructionsColumns } from '@/lib/list-csv';
import { useServiceList, type ListItem } from '@/lib/use-service-list';

type Instructions = ListItem<'listFiatDepositInstructions'>;

const COLUMNS: Column<Instructions>[] = [
  {
    title: 'Where to',
    key: true,
    cell: (d) => (
      <Anchor
        component={Link}
        to={pagePath('getFiatDepositInstructions', { id: d.id })}
        size="sm"
        aria-label={`Open the deposit instructions with memo ${d.memo_id}`}
      >
        {railAndDigits(d)}
      </Anchor>
    ),
  },
  { title: 'Memo', cell: (d) => <CopyValue value={d.memo_id} label={`memo ${d.memo_id}`} /> },
  { title: 'Profile', cell: (d) => <ProfileRef id={d.profile_id} withId={false} /> },
  { title: 'For', cell: (d) => <IdentityRef id={d.identity_id} /> },
  {
    title: 'Status',
    lead: true,
    cell: (d) => (
      <>
        <StatusBadge value={d.status} known={FIAT_DEPOSIT_INSTRUCTIONS_STATUSES} />
        {d.status === 'DEPRECATED' && <Text size="xs">Not for new payers</Text>}
      </>
    ),
  },
  { title: 'Created', cell: (d) => <LocalTime value={d.created_at} /> },
];

/**
 * Where payers wire money into a profile, newest first: each set with the memo a payer must
 * quote; a deprecated set is marked, and must not be given to a new payer. The service filters
 * these by id only; profile and status are the console's filters.
 */
export default function DepositInstructionsPage() {
  const profiles = useProfiles();
  const filters = [
    profileFilter(profiles.data),
    { key: 'status', label: 'Status', options: FIAT_DEPOSIT_INSTRUCTIONS_STATUSES },
  ] as const;
  const { values: f, filtered } = useFilters(filters);
  const list = useServiceList(
    'listFiatDepositInstructions',
    {},
    {
      keep:
        f.profile || f.status
          ? (d) =>
              (!f.profile || d.profile_id === f.profile) && (!f.status || d.status === f.status)
          : undefined,
    },
  );
  return (
    <ListPage
      title="Deposit instructions"
      intro="Open a set to give a payer its memo and wire details."
      filters={<FilterBar label="Filter deposit instructions" filters={filters} />}
      filtered={filtered}
      list={list}
      csv={{ file: 'deposit-instructions', columns: depositInstructionsColumns }}
      noun={['set of instructions', 'sets of instructions']}
      empty={{ body: 'Deposit instructions of every profile appear here.' }}
    >
      {(items) => (
        <RecordTable label="Deposit instructions" columns={COLUMNS} items={items} minWidth={960} />
      )}
    </ListPage>
  );
}
