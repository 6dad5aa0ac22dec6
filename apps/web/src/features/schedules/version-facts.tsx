import { List, Stack, Table, Text } from '@mantine/core';
import type { SchedulePreview } from '@console/schemas';
import { requirementWords } from '@/components/approval/role-names';
import { reviewTotals } from './schedule-words';

type Sums = Pick<SchedulePreview, 'per_occurrence' | 'occurrences' | 'requirements'>;

/**
 * What an approval of a series is given to: the amount each occurrence sends, how many there are
 * and their total, and the approvals the policy asks (the review before it is made, the approve
 * dialog, the series page: the same words).
 */
export function VersionSums({ version, label }: { version: Sums; label?: string }) {
  const money = version.per_occurrence;
  const totals = reviewTotals(money?.amount, money?.asset, version.occurrences);
  return (
    <Stack gap="xs">
      <Table withTableBorder variant="vertical" aria-label={label ?? 'What is approved'}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" w={200}>
              Amount per occurrence
            </Table.Th>
            <Table.Td>{totals?.perOccurrence ?? 'Not one amount (see the values below)'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Occurrences</Table.Th>
            <Table.Td>
              {totals?.count ??
                (version.occurrences === null
                  ? 'No end'
                  : `${version.occurrences} occurrence${version.occurrences === 1 ? '' : 's'}`)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td>{totals?.total ?? 'None: a series with no end has no total'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600}>
        Approvals needed
      </Text>
      {version.requirements.length === 0 ? (
        <Text size="sm">The policy in force names none.</Text>
      ) : (
        <List size="sm" aria-label="Approvals needed">
          {version.requirements.map((r, i) => (
            <List.Item key={i}>
              {requirementWords(r)}: {r.met ? 'met' : `${r.given} of ${r.approvals_required} given`}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
