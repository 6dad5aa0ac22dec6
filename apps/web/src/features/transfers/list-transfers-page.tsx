import { TRANSFER_STATUSES } from '@console/schemas';
import { FilterBar, profileFilter, useFilters } from '@/components/list/filter-bar';
import { ListPage } from '@/components/list/list-page';
import { transferColumns } from '@/lib/list-csv';
import { useRecordNames } from '@/lib/record-names';
import { useProfiles } from '@/lib/use-profiles';
import { useServiceList } from '@/lib/use-service-list';
import { TransfersTable } from './transfers-table';

/**
 * The service's transfers, newest first, paged by its cursor. The service takes a profile filter
 * only with time filters, so with a profile chosen the status is filtered in the console.
 */
export default function TransfersPage() {
  const profiles = useProfiles();
  const nameOf = useRecordNames(['profile']);
  const filters = [
    profileFilter(profiles.data),
    { key: 'status', label: 'Status', options: TRANSFER_STATUSES },
  ] as const;
  const { values: f, filtered } = useFilters(filters);
  const list = useServiceList(
    'listTransfers',
    {
      profile_ids: f.profile ? [f.profile] : undefined,
      statuses: !f.profile && f.status ? [f.status] : undefined,
    },
    { keep: f.profile && f.status ? (t) => t.status === f.status : undefined },
  );
  return (
    <ListPage
      title="Transfers"
      filters={<FilterBar label="Filter transfers" filters={filters} />}
      filtered={filtered}
      list={list}
      csv={{ file: 'transfers', columns: transferColumns(nameOf) }}
      noun={['transfer', 'transfers']}
      empty={{ body: 'Transfers of every profile appear here.' }}
    >
      {(items) => <TransfersTable items={items} profiles={profiles.byId} />}
    </ListPage>
  );
}
