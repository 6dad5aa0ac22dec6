import { Anchor, Text } from '@mantine/core';
import { TRANSFER_STATUSES, type Transfer } from '@console/schemas';
import { Link } from 'react-router';
import { RecordTable, type Column } from '@/components/list/record-table';
import { Amount } from '@/components/result/amount';
import { LocalTime } from '@/components/result/local-time';
import { EnumBadge, StatusBadge } from '@/components/result/status-badge';
import type { Profile } from '@/lib/read-schemas';
import { profileName } from '@/lib/use-profiles';

/** A transfer's page in the console. */
export const transferPath = (id: string) => `/transfers/${encodeURIComponent(id)}`;

/** Transfers as the service holds them, one row per record (a pair is two rows, one group). */
export function TransfersTable({
  items,
  profiles,
  label = 'Transfers',
}: {
  items: readonly Transfer[];
  profiles: ReadonlyMap<string, Profile>;
  label?: string;
}) {
  const columns: Column<Transfer>[] = [
    {
      title: 'Created',
      key: true,
      cell: (t) => (
        <Anchor
          component={Link}
          to={transferPath(t.id)}
          size="sm"
          aria-label={`Open transfer ${t.id}`}
        >
          <LocalTime value={t.created_at} />
        </Anchor>
      ),
    },
    { title: 'Profile', cell: (t) => <Text size="sm">{profileName(profiles, t.profile_id)}</Text> },
    { title: 'Type', cell: (t) => <EnumBadge value={t.type} /> },
    { title: 'Direction', cell: (t) => <Text size="sm">{t.direction}</Text> },
    {
      title: 'Status',
      lead: true,
      cell: (t) => <StatusBadge value={t.status} known={TRANSFER_STATUSES} />,
    },
    {
      title: 'Amount',
      right: true,
      lead: true,
      cell: (t) => <Amount value={t.amount} asset={t.asset} />,
    },
    { title: 'Fee', right: true, cell: (t) => <Amount value={t.fee} asset={t.asset} /> },
    { title: 'Total', right: true, cell: (t) => <Amount value={t.total} asset={t.asset} /> },
  ];
  return <RecordTable label={label} columns={columns} items={items} minWidth={960} nowrap />;
}
