import { Anchor, Text } from '@mantine/core';
import { ORCHESTRATION_RULE_STATUSES } from '@console/schemas';
import { Link } from 'react-router';
import { ListPage } from '@/components/list/list-page';
import { RecordTable, type Column } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { rulePath } from '@/lib/operation-routes';
import type { Profile, ReadRule } from '@/lib/read-schemas';
import { ruleColumns } from '@/lib/list-csv';
import { useRecordNames } from '@/lib/record-names';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { SourceInWords } from './endpoint-words';

function columns(names: ReadonlyMap<string, Profile>): Column<ReadRule>[] {
  return [
    {
      title: 'Name',
      key: true,
      cell: (r) => (
        <Anchor
          component={Link}
          to={rulePath(r.id)}
          size="sm"
          aria-label={`Open rule ${r.nickname || r.id}`}
        >
          {r.nickname || r.id}
        </Anchor>
      ),
    },
    {
      title: 'Created',
      cell: (r) => (r.created_at ? <LocalTime value={r.created_at} /> : '—'),
    },
    { title: 'Profile', cell: (r) => <Text size="sm">{profileName(names, r.profile_id)}</Text> },
    {
      title: 'Converts',
      lead: true,
      cell: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.source_asset} → {r.destination_asset}
        </Text>
      ),
    },
    { title: 'Watches', cell: (r) => <SourceInWords source={r.source} rule /> },
    {
      title: 'Status',
      lead: true,
      cell: (r) => <StatusBadge value={r.status} known={ORCHESTRATION_RULE_STATUSES} />,
    },
  ];
}

/** The service's orchestration rules: what each watches, what it makes, and its status. */
export default function RulesPage() {
  const profiles = useProfiles();
  const nameOf = useRecordNames(['profile']);
  const list = useServiceList('listOrchestrationRules', {}, { pageSize: 100 });
  return (
    <ListPage
      title="Orchestration rules"
      list={list}
      csv={{ file: 'orchestration-rules', columns: ruleColumns(nameOf) }}
      noun={['rule', 'rules']}
      empty={{ body: 'Rules made through the console appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Rules"
          columns={columns(profiles.byId)}
          items={items}
          minWidth={900}
          rowId={(r) => `rule-${r.id}`}
        />
      )}
    </ListPage>
  );
}
