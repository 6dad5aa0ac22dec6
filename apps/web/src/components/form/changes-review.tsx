import { Alert, Table, Text, Title } from '@mantine/core';
import type { FieldChange, WriteOperation } from '@console/schemas';
import type { z } from 'zod';
import { changeLines, updateLines, type ChangeLine } from './changes';
import { ReviewDialog } from './review-dialog';

export interface ChangesReviewProps {
  op: WriteOperation;
  shape: Record<string, z.ZodType>;
  /** The record's values the form was filled with. */
  baseline: Record<string, unknown>;
  /** What will be sent: the changed members and the path parameters. */
  input: Record<string, unknown> | null;
  /** Members the operator emptied, which an update cannot clear. */
  unclearable: FieldChange[];
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const none = (
  <Text span size="sm" c="dimmed">
    (none)
  </Text>
);

/** A table of old → new: one row per member the update changes. */
export function ChangesTable({ lines, label }: { lines: ChangeLine[]; label: string }) {
  return (
    <Table striped withTableBorder aria-label={label} fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Now</Table.Th>
          <Table.Th>After the change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.path}>
            <Table.Td>{line.label}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {line.before === undefined ? none : <del>{line.before}</del>}
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {line.after === undefined ? (
                <Text span size="sm" fw={600}>
                  (removed)
                </Text>
              ) : (
                <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{line.after}</ins>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The review of an edit: each field the update changes, as the service holds it now and as it
 * will be, and the values the operator emptied, which the service keeps, above exactly what is
 * sent.
 */
export function ChangesReview(props: ChangesReviewProps) {
  const { op, shape, baseline, input, unclearable, pending, onConfirm, onCancel } = props;
  const lines = input ? updateLines(shape, baseline, input, op.pathParams) : [];
  const kept = changeLines(shape, unclearable);
  return (
    <ReviewDialog
      op={op}
      shape={shape}
      input={input}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Title order={4} size="h6" tt="uppercase" c="dimmed">
        What changes ({lines.length})
      </Title>
      <ChangesTable lines={lines} label="What changes" />
      {kept.length > 0 && (
        <Alert color="orange" variant="light" p="xs" title="Emptied, but kept">
          <Text size="sm">
            An update cannot clear a value: the service ignores an empty one. These stay as they
            are: {kept.map((k) => `${k.label} (${k.before ?? ''})`).join('; ')}.
          </Text>
        </Alert>
      )}
      {op.approval.required && (
        <Text size="sm" c="dimmed">
          Where the approval policy holds this change, the approver sees the same old → new, read
          from the service when the request is made.
        </Text>
      )}
    </ReviewDialog>
  );
}
