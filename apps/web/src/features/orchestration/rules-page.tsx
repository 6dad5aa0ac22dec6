import { Anchor, Table, Text } from '@mantine/core';
import { ORCHESTRATION_RULE_STATUSES } from '@console/schemas';
import { Link } from 'react-router';
import { ListPage } from '@/components/list/list-page';
import { RecordTable } from '@/components/list/record-table';
import { LocalTime } from '@/components/result/local-time';
import { StatusBadge } from '@/components/result/status-badge';
import { rulePath } from '@/lib/operation-routes';
import type { Profile, ReadRule } from '@/lib/read-schemas';
import { profileName, useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { SourceInWords } from './endpoint-words';

function Cells({ r, names }: { r: ReadRule; names: ReadonlyMap<string, Profile> }) {
  return (
    <>
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
        <Text size="sm">{profileName(names, r.profile_id)}</Text>
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
    </>
  );
}

/** The service's orchestration rules: what each watches, what it makes, and its status. */
export function RulesPage() {
  const profiles = useProfiles();
  const list = useServiceList('listOrchestrationRules', {}, { pageSize: 100 });
  return (
    <ListPage
      title="Orchestration rules"
      list={list}
      noun={['rule', 'rules']}
      empty={{ body: 'Rules made through the console appear here.' }}
    >
      {(items) => (
        <RecordTable
          label="Rules"
          columns={['Created', 'Name', 'Profile', 'Converts', 'Watches', 'Status']}
          items={items}
          cells={(r) => <Cells r={r} names={profiles.byId} />}
          minWidth={900}
          rowId={(r) => `rule-${r.id}`}
        />
      )}
    </ListPage>
  );
}
