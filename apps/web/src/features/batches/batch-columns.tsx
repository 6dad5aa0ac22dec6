import { Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  batchFieldsOf,
  commonHeadersOf,
  csvLine,
  METADATA_FIELD,
  templateHeaderOf,
  type BatchOperation,
} from '@console/schemas';
import { downloadCsv } from '@/lib/csv';

/** The file name of an operation's template: `createInternalTransfer-template.csv`. */
export const templateFileName = (operation: BatchOperation) => `${operation}-template.csv`;

/**
 * The columns a file of `operation` may have, before any file is chosen (issue 67): each field
 * the request takes, whether a row must fill it, what a cell may hold besides an id, and the
 * common headers matched to it; with a template to start from. The same table drives the check
 * (`batchFieldsOf`, `mapColumns`), so what this says is what the check does.
 */
export function BatchColumns({ operation }: { operation: BatchOperation }) {
  const fields = batchFieldsOf(operation);
  const common = commonHeadersOf(operation);
  return (
    <Stack gap="xs">
      <Text size="sm">
        A column is matched to a field by the field’s name or label in any case (
        <code>to_profile_id</code>, <code>To profile</code>) or by a common header listed here; any
        other column is left out or mapped by you after the check. Amounts are read as the form
        reads them (<code>1,250.00</code> as 1250.00) and asset codes in any case (<code>usd</code>{' '}
        as USD); the check shows each cell it read otherwise than typed.
      </Text>
      <Table withTableBorder striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Column</Table.Th>
            <Table.Th scope="col">Also matched</Table.Th>
            <Table.Th scope="col">In every row</Table.Th>
            <Table.Th scope="col">A cell may hold</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={field.path}>
              <Table.Td>{field.label}</Table.Td>
              <Table.Td>
                <code>{field.path === METADATA_FIELD ? 'metadata.KEY' : field.path}</code>
              </Table.Td>
              <Table.Td>{common.get(field.path)?.join(', ') ?? '—'}</Table.Td>
              <Table.Td>{field.required ? 'Required' : 'Optional'}</Table.Td>
              <Table.Td>
                {field.accepts_name
                  ? `An id or a ${field.accepts_name}`
                  : 'The value as the form takes it'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            downloadCsv(templateFileName(operation), csvLine(templateHeaderOf(operation)))
          }
        >
          Download a template
        </Button>
        <Text size="xs" c="dimmed">
          Its header row names every field, the required first.
        </Text>
      </Group>
    </Stack>
  );
}
