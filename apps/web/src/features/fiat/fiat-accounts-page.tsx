import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { FIAT_ACCOUNT_STATUSES, operations } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { accountNumberOf, bankOf, railAndDigits } from '@/lib/fiat-account-words';
import { pagePath } from '@/lib/operation-routes';
import { FiatAccountPageSchema, nextCursor, type ReadFiatAccount } from '@/lib/read-schemas';
import { useCan } from '@/lib/session';

function Row({ a }: { a: ReadFiatAccount }) {
  return (
    <Table.Tr>
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
    </Table.Tr>
  );
}

/**
 * The service's fiat accounts, newest first, as the service lists them: shortened to the last
 * digits of their number, without owner name or address. Each opens its page.
 */
export function FiatAccountsPage() {
  const canUpdate = useCan('updateFiatAccount');
  const query = useInfiniteQuery({
    queryKey: ['svc', 'fiat-accounts'],
    queryFn: ({ pageParam }) =>
      readService(
        '/v2/transfer/fiat-accounts',
        { limit: 50, page_cursor: pageParam },
        FiatAccountPageSchema,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            Fiat accounts
          </Title>
          <Text size="sm" c="dimmed">
            As the service lists them: numbers shortened to their last digits, no owner name or
            address. Open an account to see it whole, where your role allows.
          </Text>
        </div>
        {canUpdate && (
          <Button component={Link} to={operations.updateFiatAccount.route} size="xs">
            Update fiat account
          </Button>
        )}
      </Group>
      <Freshness query={query} />
      <PagedResults
        query={query}
        loadingLabel="Loading fiat accounts…"
        empty={{ title: 'No fiat accounts', body: 'Fiat accounts of the customer appear here.' }}
        count={(n) => `${n} account${n === 1 ? '' : 's'} shown, newest first`}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={900}>
            <Table
              striped
              withTableBorder
              aria-label="Fiat accounts"
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Bank</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Reference id</Table.Th>
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
