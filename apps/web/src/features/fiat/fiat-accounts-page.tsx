import { Anchor, Table, Text } from '@mantine/core';
import { FIAT_ACCOUNT_STATUSES, routeOf } from '@console/schemas';
import { Link } from 'react-router';
import { ListPage } from '@/components/list/list-page';
import { RecordTable } from '@/components/list/record-table';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { accountNumberOf, bankOf, railAndDigits } from '@/lib/fiat-account-words';
import { pagePath } from '@/lib/operation-routes';
import type { ReadFiatAccount } from '@/lib/read-schemas';
import { useCan } from '@/lib/session';
import { useServiceList } from '@/lib/use-service-list';

function Cells({ a, canUpdate }: { a: ReadFiatAccount; canUpdate: boolean }) {
  return (
    <>
      <Table.Td>
        <Anchor
          component={Link}
          to={pagePath('getFiatAccount', { id: a.id })}
          size="sm"
          aria-label={`Open fiat account ${a.id}`}
        >
          {railAndDigits(a)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {accountNumberOf(a) ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{bankOf(a) ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge value={a.status} known={FIAT_ACCOUNT_STATUSES} />
      </Table.Td>
      <Table.Td>
        <LocalTime value={a.created_at} />
      </Table.Td>
      <Table.Td>{a.ref_id ? <CopyValue value={a.ref_id} label="reference id" /> : '—'}</Table.Td>
      {canUpdate && (
        <Table.Td>
          <Anchor
            component={Link}
            to={routeOf('updateFiatAccount', { id: a.id })}
            size="sm"
            aria-label={`Update fiat account ${a.id}`}
          >
            Update
          </Anchor>
        </Table.Td>
      )}
    </>
  );
}

/**
 * The service's fiat accounts, newest first, as the service lists them: shortened to the last
 * digits of their number, without owner name or address. Each opens its page.
 */
export function FiatAccountsPage() {
  const canUpdate = useCan('updateFiatAccount');
  const list = useServiceList('listFiatAccounts', {});
  return (
    <ListPage
      title="Fiat accounts"
      intro="As the service lists them: numbers shortened to their last digits, no owner name or address. Open an account to see it whole, where your role allows."
      list={list}
      noun={['account', 'accounts']}
      empty={{ title: 'No fiat accounts', body: 'Fiat accounts of the customer appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Fiat accounts"
          columns={[
            'Account',
            'Number',
            'Bank',
            'Status',
            'Created',
            'Reference id',
            ...(canUpdate ? ['Actions'] : []),
          ]}
          items={items}
          cells={(a) => <Cells a={a} canUpdate={canUpdate} />}
          minWidth={900}
          nowrap
        />
      )}
    </ListPage>
  );
}
