import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { newRefId } from '@console/schemas';
import { RefreshIcon } from '../../icons';
import { useFormContext } from 'react-hook-form';
import type { FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

/**
 * The idempotence id, prefilled by the form with a fresh one. Keeping it makes a repeat send
 * harmless (the service answers "already exists"); a new one makes it a new request.
 */
export function RefIdField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const { register, setValue } = useFormContext();
  const regenerate = () =>
    setValue(name, newRefId(), { shouldDirty: true, shouldValidate: true, shouldTouch: true });
  return (
    <TextInput
      id={field.id}
      label={field.label}
      description={field.meta.help}
      {...requiredProps(field.required)}
      error={field.error}
      autoComplete="off"
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSectionWidth={40}
      rightSectionPointerEvents="all"
      rightSection={
        <Tooltip label="Generate a fresh reference id">
          <ActionIcon variant="subtle" aria-label="Regenerate" onClick={regenerate}>
            <RefreshIcon />
          </ActionIcon>
        </Tooltip>
      }
      {...register(name)}
    />
  );
}
