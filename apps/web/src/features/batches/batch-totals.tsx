import { Stack, Table, Text, Title } from '@mantine/core';
import type { BatchTotal } from '@console/schemas';
import { Amount } from '@/components/result/amount';

/**
 * Sums of a batch as the BFF computed them (with a decimal library): decimal strings shown as
 * they came, grouped for reading by the console's one amount display, never through a number.
 */
export function TotalsTable({
  label,
  totals,
  destination = false,
  counted = true,
}: {
  label: string;
  totals: readonly BatchTotal[];
  /** Per destination: a column naming it. */
  destination?: boolean;
  /** How many rows make the sum (not for the largest row, which is one row). */
  counted?: boolean;
}) {
  const id = `totals-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap={4} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {label}
      </Title>
      {totals.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: no valid row is included.
        </Text>
      ) : (
        <Table aria-label={label} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              {destination && <Table.Th scope="col">Destination</Table.Th>}
              <Table.Th scope="col">Asset</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              {counted && (
                <Table.Th scope="col" ta="right">
                  Rows
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.map((t) => (
              <Table.Tr key={`${t.destination ?? ''} ${t.asset}`}>
                {destination && (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.destination ?? '—'}</Table.Td>
                )}
                <Table.Td>{t.asset}</Table.Td>
                <Table.Td ta="right">
                  <Amount value={t.amount} asset={t.asset} bare />
                </Table.Td>
                {counted && <Table.Td ta="right">{t.rows}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
