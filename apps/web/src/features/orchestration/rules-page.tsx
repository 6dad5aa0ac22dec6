import { Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { RulePageSchema, nextCursor, type ReadRule } from '@/lib/read-schemas';
import { profileName, useProfiles } from '@/lib/use-profiles';

const RULE_STATUSES = ['ACTIVE', 'DELETED', 'PENDING', 'REJECTED', 'CANCELLED'];

/** Which deposits a rule watches, and what the service made for it (an address, instructions). */
function Source({ rule }: { rule: ReadRule }) {
  const { crypto, fiat, profile } = rule.source ?? {};
  if (crypto) {
    return (
      <Stack gap={0}>
        <Text size="sm">Crypto deposits on {crypto.network ?? 'any network'}</Text>
        {crypto.address && <CopyValue value={crypto.address} label="deposit address" />}
      </Stack>
    );
  }
  if (fiat) {
    return (
      <Stack gap={0}>
        <Text size="sm">
          {fiat.network ?? 'Fiat'} deposits{fiat.memo_id ? ` with memo ${fiat.memo_id}` : ''}
        </Text>
        {fiat.deposit_instructions_id && (
          <CopyValue value={fiat.deposit_instructions_id} label="deposit instructions id" />
        )}
      </Stack>
    );
  }
  if (profile) return <Text size="sm">Credits to profile {profile.profile_id}</Text>;
  return <Text size="sm">—</Text>;
}

/** The service's orchestration rules: what each watches, what it makes, and its status. */
export function RulesPage() {
  const profiles = useProfiles();
  const query = useInfiniteQuery({
    queryKey: ['svc', 'rules'],
    queryFn: ({ pageParam }) =>
      readService(
        '/v2/orchestration/rules',
        { limit: 100, page_cursor: pageParam },
        RulePageSchema,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Orchestration rules
      </Title>
      <Freshness
        updatedAt={query.dataUpdatedAt}
        error={query.isRefetchError ? query.error : undefined}
        fetching={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
      <PagedResults
        query={query}
        loadingLabel="Loading rules…"
        empty={{ title: 'No rules yet', body: 'Rules made through the console appear here.' }}
        count={(n) => `${n} rule${n === 1 ? '' : 's'} shown, newest first`}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder aria-label="Rules">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Profile</Table.Th>
                  <Table.Th>Converts</Table.Th>
                  <Table.Th>Watches</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id} id={`rule-${r.id}`}>
                    <Table.Td>{r.created_at ? <LocalTime value={r.created_at} /> : '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.nickname || r.id}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{profileName(profiles.byId, r.profile_id)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {r.source_asset} → {r.destination_asset}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Source rule={r} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge value={r.status} known={RULE_STATUSES} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedResults>
    </Stack>
  );
}
