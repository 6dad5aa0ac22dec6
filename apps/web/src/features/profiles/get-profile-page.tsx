import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Amount } from '@/components/result/amount';
import { CopyValue } from '@/components/result/copy-value';
import { Freshness } from '@/components/states/freshness';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { readService } from '@/lib/api';
import { add } from '@/lib/decimal';
import { pagePath } from '@/lib/operation-routes';
import { ProfileSchema } from '@/lib/read-schemas';
import { useBalances } from '@/lib/use-profiles';

/**
 * One profile: what it is, each asset's available and trading balance, and its orders, transfers
 * and deposit addresses one click away.
 */
export default function ProfilePage() {
  const { profile_id = '' } = useParams();
  const path = `/v2/profiles/${encodeURIComponent(profile_id)}`;
  const profile = useQuery({
    queryKey: ['svc', path],
    queryFn: () => readService(path, {}, ProfileSchema),
  });
  const balances = useBalances(profile_id);
  const name = profile.data?.nickname || profile_id;

  let table;
  if (balances.isPending) table = <LoadingState label="Loading balances…" />;
  else if (!balances.data) {
    table = <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />;
  } else if (balances.data.items.length === 0) {
    table = <EmptyState title="No balances">This profile holds no asset yet.</EmptyState>;
  } else {
    table = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder aria-label="Balances" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Asset</Table.Th>
              <Table.Th ta="right">Available</Table.Th>
              <Table.Th ta="right">Held by open orders</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {balances.data.items.map((b) => (
              <Table.Tr key={b.asset}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {b.asset}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Amount value={b.available} asset={b.asset} bare />
                </Table.Td>
                <Table.Td ta="right">
                  <Amount value={b.trading} asset={b.asset} bare />
                </Table.Td>
                <Table.Td ta="right">
                  <Amount value={add(b.available, b.trading)} asset={b.asset} bare />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="sm" maw={980}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Profile: {name}
        </Title>
        <Group gap="xs">
          <Button component={Link} to={pagePath('listProfiles')} variant="default" size="xs">
            All profiles
          </Button>
        </Group>
      </Group>
      <Group gap="xs">
        {(
          [
            ['listOrders', 'Orders of this profile'],
            ['listTransfers', 'Transfers of this profile'],
            ['listDepositAddresses', 'Deposit addresses of this profile'],
          ] as const
        ).map(([list, label]) => (
          <Button
            key={list}
            component={Link}
            to={pagePath(list, {}, { profile: profile_id })}
            variant="light"
            size="xs"
          >
            {label}
          </Button>
        ))}
      </Group>
      {profile.isError && !profile.data ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <Group gap="xs">
          <Text size="sm">{profile.data?.type ?? ''}</Text>
          <CopyValue value={profile_id} label="profile id" />
        </Group>
      )}
      <Freshness query={balances} />
      {table}
    </Stack>
  );
}
