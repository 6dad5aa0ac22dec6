import { Anchor, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { ORCHESTRATION_STATUSES, type Orchestration } from '@console/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { Freshness } from '@/components/states/freshness';
import { PagedResults } from '@/components/states/paged-results';
import { readService } from '@/lib/api';
import { OrchestrationPageSchema, nextCursor, type Profile } from '@/lib/read-schemas';
import { pagePath, rulePath } from '@/lib/operation-routes';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { failReasonInWords } from './fail-reason';

function Row({ o, names }: { o: Orchestration; names: ReadonlyMap<string, Profile> }) {
  const reason = failReasonInWords(o.fail_reason);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component={Link}
          to={pagePath('getOrchestration', { id: o.id })}
          size="sm"
          aria-label={`Open orchestration ${o.id}`}
        >
          {o.created_at ? <LocalTime value={o.created_at} /> : o.id}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{profileName(names, o.profile_id)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {o.source_asset} → {o.destination_asset}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        {o.source_amount ? <Amount value={o.source_amount} asset={o.source_asset} /> : '—'}
      </Table.Td>
      <Table.Td>
        <StatusBadge value={o.status} known={ORCHESTRATION_STATUSES} />
        {reason && (
          <Text size="xs" c="red.8">
            {reason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {o.orchestration_rule_id ? (
          <Anchor
            component={Link}
            to={rulePath(o.orchestration_rule_id)}
            size="sm"
            aria-label={`Rule ${o.orchestration_rule_id}`}
          >
            By a rule
          </Anchor>
        ) : (
          <Text size="sm">Ad hoc</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The service's orchestrations, newest first: ad hoc ones and those a rule made from a deposit. */
export function OrchestrationsPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? undefined;
  const profiles = useProfiles();
  const query = useInfiniteQuery({
    queryKey: ['svc', 'orchestrations', status],
    queryFn: ({ pageParam }) =>
      readService(
        '/v2/orchestration/orchestrations',
        { status: status ? [status] : undefined, limit: 50, page_cursor: pageParam },
        OrchestrationPageSchema,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Orchestrations
      </Title>
      <Group gap="sm" role="search" aria-label="Filter orchestrations">
        <Select
          label="Status"
          data={[...ORCHESTRATION_STATUSES]}
          value={status ?? null}
          onChange={(v) => setParams(v ? { status: v } : {})}
          clearable
          placeholder="Any"
          size="xs"
          w={160}
        />
        <Anchor component={Link} to={pagePath('listOrchestrationRules')} size="sm">
          Rules
        </Anchor>
      </Group>
      <Freshness query={query} />
      <PagedResults
        query={query}
        loadingLabel="Loading orchestrations…"
        empty={
          status
            ? { title: 'No orchestrations match', body: 'Clear the filter to see more.' }
            : { title: 'No orchestrations yet', body: 'Orchestrations appear here.' }
        }
        count={(n) => `${n} orchestration${n === 1 ? '' : 's'} shown, newest first`}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={900}>
            <Table
              striped
              withTableBorder
              aria-label="Orchestrations"
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Profile</Table.Th>
                  <Table.Th>Assets</Table.Th>
                  <Table.Th ta="right">Source amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Rule</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((o) => (
                  <Row key={o.id} o={o} names={profiles.byId} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedResults>
    </Stack>
  );
}
