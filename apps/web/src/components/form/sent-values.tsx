import { Table } from '@mantine/core';
import type { z } from 'zod';
import { RecordName } from '../result/record-name';
import { flattenInput } from './review';

/**
 * Every value exactly as it will be sent, labelled from the schemas ("Source › Crypto › Address");
 * an id the form picked shows its record's name with the id (what is sent) small beside it.
 */
export function SentValues({
  shape,
  input,
}: {
  shape: Record<string, z.ZodType>;
  input: Record<string, unknown>;
}) {
  return (
    <Table
      striped
      withTableBorder
      fz="xs"
      verticalSpacing={2}
      aria-label="Everything that will be sent"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Value sent</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {flattenInput(shape, input).map((line) => (
          <Table.Tr key={line.label}>
            <Table.Td>{line.label}</Table.Td>
            <Table.Td
              style={{
                fontFamily: 'var(--mantine-font-family-monospace)',
                wordBreak: 'break-all',
              }}
            >
              {line.record ? <RecordName record={line.record} label={line.label} /> : line.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
