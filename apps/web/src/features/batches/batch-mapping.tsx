import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BatchCheck, BatchMapping as Mapping } from '@console/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';

const LEAVE_OUT = '';

/** A field as the select offers it: its label, marked when required, and the names it accepts. */
const fieldLabel = (field: BatchCheck['fields'][number]) =>
  `${field.label}${field.required ? ' (required)' : ''}${field.accepts_name ? ` · id or ${field.accepts_name}` : ''}`;

/**
 * The mapping step: one select per column of the file, listing the operation's fields and "Leave
 * out". Checking again sends the mapping with the file; the BFF remembers it for this header and
 * this operator, so the next file with the same header needs no mapping.
 */
export function BatchMapping({
  check,
  pending,
  onMap,
  onCancel,
}: {
  check: BatchCheck;
  pending: boolean;
  onMap: (mapping: Mapping) => void;
  /** Offered when the operator asked for the step, not when the file needs it. */
  onCancel?: (() => void) | undefined;
}) {
  const [mapping, setMapping] = useState<Mapping>(() =>
    Object.fromEntries(check.columns.map((c) => [c, check.mapping[c] ?? LEAVE_OUT])),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mapped = new Set(Object.values(mapping).filter((v) => v !== LEAVE_OUT));
  const missing = check.fields.filter((f) => f.required && !mapped.has(f.path));
  const options = [
    { value: LEAVE_OUT, label: 'Leave out' },
    ...check.fields.map((f) => ({ value: f.path, label: fieldLabel(f) })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onMap(mapping);
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="batch-mapping-title">
      <form onSubmit={submit} aria-label="Map the columns">
        <Stack gap="sm">
          <Title order={2} size="h4" id="batch-mapping-title" ref={heading} tabIndex={-1}>
            Map the columns
          </Title>
          <Text size="sm">
            {check.mapping_needed
              ? 'Some required fields have no column of the same name. Say which column holds each field; the console remembers this for files with the same header.'
              : 'Say which column holds each field; the console remembers this for files with the same header.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {check.columns.map((column) => (
              <NativeSelect
                key={column}
                label={`Column “${column}”`}
                value={mapping[column] ?? LEAVE_OUT}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setMapping((m) => ({ ...m, [column]: value }));
                }}
                data={options}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" role="status" fw={missing.length > 0 ? 600 : undefined}>
            {missing.length > 0
              ? `Required fields without a column: ${missing.map((f) => f.label).join(', ')}.`
              : 'Every required field has a column.'}
          </Text>
          <Group gap="sm">
            <Button type="submit" loading={pending}>
              Check again with this mapping
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={pending}>
                Keep the mapping as it was
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
