import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { ORCHESTRATION_RULE_STATUSES } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { rulePath } from '@/lib/operation-routes';
import { RulePageSchema, nextCursor } from '@/lib/read-schemas';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { SourceInWords } from './endpoint-words';

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
      <Freshness query={query} />
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
                      <Anchor
                        component={Link}
                        to={rulePath(r.id)}
                        size="sm"
                        aria-label={`Open rule ${r.nickname || r.id}`}
                      >
                        {r.nickname || r.id}
                      </Anchor>
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
                      <SourceInWords source={r.source} rule />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge value={r.status} known={ORCHESTRATION_RULE_STATUSES} />
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
