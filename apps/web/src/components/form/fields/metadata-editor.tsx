import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { METADATA_LIMITS } from '@console/schemas';
import { CloseIcon } from '../../icons';
import type { MetadataRow } from '@/lib/form-values';
import { metadataRowErrors } from '@/lib/metadata-rows';

export interface MetadataEditorProps {
  id: string;
  label: string;
  description?: string | undefined;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  onBlur?: () => void;
  /** Messages from the schema or the BFF about this field as a whole. */
  errors?: string[];
  firstInputRef?: (element: HTMLInputElement | null) => void;
}

const { maxPairs, maxKeyLength, maxValueLength } = METADATA_LIMITS;

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text span size="xs" c={length > max ? 'red' : 'dimmed'} fw={length > max ? 700 : 400}>
      {length}/{max}
      {length > max ? ' — too long' : ''}
    </Text>
  );
}

/**
 * Key/value rows, at most six, each key and value with a counter at 100 characters. Too-long text
 * is kept and flagged rather than cut off, so a paste never loses characters silently.
 */
export function MetadataEditor(props: MetadataEditorProps) {
  const { id, label, description, rows, onChange, onBlur, errors = [], firstInputRef } = props;
  const rowErrors = metadataRowErrors(rows);
  const rowMessages = new Set(rowErrors.flatMap((e) => [e.key, e.value]).filter(Boolean));
  const otherErrors = errors.filter((message) => !rowMessages.has(message));
  const update = (index: number, part: keyof MetadataRow, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [part]: value } : row)));
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));
  const full = rows.length >= maxPairs;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={otherErrors.length > 0 ? otherErrors.join('. ') : undefined}
      labelElement="div"
    >
      <Stack gap={6} mt={4} role="group" aria-label={label}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No pairs.
          </Text>
        )}
        {rows.map((row, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              ref={index === 0 ? firstInputRef : undefined}
              style={{ flex: 2 }}
              size="xs"
              label={`${label} key ${index + 1}`}
              value={row.key}
              onChange={(event) => update(index, 'key', event.currentTarget.value)}
              onBlur={onBlur}
              description={<Counter length={row.key.length} max={maxKeyLength} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={rowErrors[index]?.key}
              autoComplete="off"
            />
            <TextInput
              style={{ flex: 3 }}
              size="xs"
              label={`${label} value ${index + 1}`}
              value={row.value}
              onChange={(event) => update(index, 'value', event.currentTarget.value)}
              onBlur={onBlur}
              description={<Counter length={row.value.length} max={maxValueLength} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={rowErrors[index]?.value}
              autoComplete="off"
            />
            <ActionIcon
              mt={22}
              variant="subtle"
              color="gray"
              aria-label={`Remove ${label.toLowerCase()} pair ${index + 1}`}
              onClick={() => remove(index)}
            >
              <CloseIcon />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            disabled={full}
            onClick={() => onChange([...rows, { key: '', value: '' }])}
          >
            Add {label.toLowerCase()} pair
          </Button>
          <Text size="xs" c="dimmed" aria-live="polite">
            {rows.length}/{maxPairs} pairs{full ? ' — the most the service stores' : ''}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
