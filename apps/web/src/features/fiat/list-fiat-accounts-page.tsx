import { Anchor, Text } from '@mantine/core';
import { FIAT_ACCOUNT_STATUSES, routeOf } from '@console/schemas';
import { Link } from 'react-router';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { accountNumberOf, bankOf, railAndDigits } from '@/lib/fiat-account-words';
import { fiatAccountColumns } from '@/lib/list-csv';
import { pagePath } from '@/lib/operation-routes';
import type { ReadFiatAccount } from '@/lib/read-schemas';
import { useCan } from '@/lib/session';
import { useServiceList } from '@/lib/use-service-list';

const COLUMNS: Column<ReadFiatAccount>[] = [
  {
    title: 'Account',
    key: true,
    cell: (a) => (
      <Anchor
        component={Link}
        to={pagePath('getFiatAccount', { id: a.id })}
        size="sm"
        // The name begins with the words shown (WCAG 2.5.3); the id tells two alike apart.
        aria-label={`${railAndDigits(a)}, fiat account ${a.id}`}
      >
        {railAndDigits(a)}
      </Anchor>
    ),
  },
  {
    title: 'Number',
    cell: (a) => (
      <Text size="sm" ff="monospace">
        {accountNumberOf(a) ?? '—'}
      </Text>
    ),
  },
  { title: 'Bank', lead: true, cell: (a) => <Text size="sm">{bankOf(a) ?? '—'}</Text> },
  {
    title: 'Status',
    lead: true,
    cell: (a) => <StatusBadge value={a.status} known={FIAT_ACCOUNT_STATUSES} />,
  },
  { title: 'Created', cell: (a) => <LocalTime value={a.created_at} /> },
  {
    title: 'Reference id',
    cell: (a) => (a.ref_id ? <CopyValue value={a.ref_id} label="reference id" /> : '—'),
  },
];

/** An account is changed from its own row (or page): the form opens on it. */
const UPDATE: Column<ReadFiatAccount> = {
  title: 'Actions',
  action: true,
  cell: (a) => (
    <Anchor
      component={Link}
      to={routeOf('updateFiatAccount', { id: a.id })}
      size="sm"
      aria-label={`Update fiat account ${a.id}`}
    >
      Update
    </Anchor>
  ),
};

/**
 * The service's fiat accounts, newest first, as the service lists them: shortened to the last
 * digits of their number, without owner name or address. Each opens its page.
 */
export default function FiatAccountsPage() {
  const canUpdate = useCan('updateFiatAccount');
  const list = useServiceList('listFiatAccounts', {});
  return (
    <ListPage
      title="Fiat accounts"
      intro="As the service lists them: numbers shortened to their last digits, no owner name or address. Open an account to see it whole, where your role allows."
      list={list}
      csv={{ file: 'fiat-accounts', columns: fiatAccountColumns() }}
      noun={['account', 'accounts']}
      empty={{ title: 'No fiat accounts', body: 'Fiat accounts of the customer appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Fiat accounts"
          columns={canUpdate ? [...COLUMNS, UPDATE] : COLUMNS}
          items={items}
          minWidth={900}
          nowrap
        />
      )}
    </ListPage>
  );
}
