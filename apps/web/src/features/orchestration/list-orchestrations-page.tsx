import { Anchor, Text } from '@mantine/core';
import { ORCHESTRATION_STATUSES, type Orchestration } from '@console/schemas';
import { Link } from 'react-router';
import { FilterBar, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import type { Profile } from '@/lib/read-schemas';
import { pagePath, rulePath } from '@/lib/operation-routes';
import { orchestrationColumns } from '@/lib/list-csv';
import { useRecordNames } from '@/lib/record-names';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { failReasonInWords } from './fail-reason';

/** The columns of the orchestrations list: when, whose, what converts, how much, how it stands. */
function columns(names: ReadonlyMap<string, Profile>): Column<Orchestration>[] {
  return [
    {
      title: 'Created',
      key: true,
      cell: (o) => (
        <Anchor
          component={Link}
          to={pagePath('getOrchestration', { id: o.id })}
          size="sm"
          aria-label={`Open orchestration ${o.id}`}
        >
          {o.created_at ? <LocalTime value={o.created_at} /> : o.id}
        </Anchor>
      ),
    },
    { title: 'Profile', cell: (o) => <Text size="sm">{profileName(names, o.profile_id)}</Text> },
    {
      title: 'Assets',
      cell: (o) => (
        <Text size="sm">
          {o.source_asset} → {o.destination_asset}
        </Text>
      ),
    },
    {
      title: 'Source amount',
      right: true,
      lead: true,
      cell: (o) =>
        o.source_amount ? <Amount value={o.source_amount} asset={o.source_asset} /> : '—',
    },
    {
      title: 'Status',
      lead: true,
      cell: (o) => {
        const reason = failReasonInWords(o.fail_reason);
        return (
          <>
            <StatusBadge value={o.status} known={ORCHESTRATION_STATUSES} />
            {reason && (
              <Text size="xs" c="red.8">
                {reason}
              </Text>
            )}
          </>
        );
      },
    },
    {
      title: 'Rule',
      cell: (o) =>
        o.orchestration_rule_id ? (
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
        ),
    },
  ];
}

const FILTERS = [{ key: 'status', label: 'Status', options: ORCHESTRATION_STATUSES }] as const;

/** The service's orchestrations, newest first: ad hoc ones and those a rule made from a deposit. */
export default function OrchestrationsPage() {
  const profiles = useProfiles();
  const nameOf = useRecordNames(['profile']);
  const { values: f, filtered } = useFilters(FILTERS);
  const list = useServiceList('listOrchestrations', { status: f.status ? [f.status] : undefined });
  return (
    <ListPage
      title="Orchestrations"
      actions={
        <Anchor component={Link} to={pagePath('listOrchestrationRules')} size="sm">
          Rules
        </Anchor>
      }
      filters={<FilterBar label="Filter orchestrations" filters={FILTERS} />}
      filtered={filtered}
      list={list}
      csv={{ file: 'orchestrations', columns: orchestrationColumns(nameOf) }}
      noun={['orchestration', 'orchestrations']}
      empty={{ body: 'Orchestrations appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Orchestrations"
          columns={columns(profiles.byId)}
          items={items}
          minWidth={900}
          nowrap
        />
      )}
    </ListPage>
  );
}
