import { Anchor, Table, Text } from '@mantine/core';
import { TRANSFER_STATUSES, type Transfer } from '@console/schemas';
import { Link } from 'react-router';
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
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        horizontalSpacing={6}
        style={{ whiteSpace: 'nowrap' }}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Profile</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Direction</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={transferPath(t.id)}
                  size="sm"
                  aria-label={`Open transfer ${t.id}`}
                >
                  <LocalTime value={t.created_at} />
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{profileName(profiles, t.profile_id)}</Text>
              </Table.Td>
              <Table.Td>
                <EnumBadge value={t.type} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t.direction}</Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge value={t.status} known={TRANSFER_STATUSES} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={t.amount} asset={t.asset} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={t.fee} asset={t.asset} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={t.total} asset={t.asset} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
