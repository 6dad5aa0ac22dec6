import { Stack, Switch, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldProps } from './text-field';
import { useField } from './use-field';

/**
 * A yes/no of the schema, as a switch whose value is a real boolean. A required one starts off
 * (false is an answer); an optional one is not sent until the operator sets it, either way.
 * Help and error stand outside the switch's label, so its name is the schema's label alone.
 */
export function SwitchField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const { control } = useFormContext();
  const help = field.meta.help ? `${field.id}-help` : undefined;
  const error = field.error ? `${field.id}-error` : undefined;
  return (
    <Controller
      name={name}
      control={control}
      defaultValue={field.required ? false : undefined}
      render={({ field: input }) => (
        <Stack gap={2} mt="xs">
          <Switch
            id={field.id}
            ref={input.ref}
            label={field.label}
            checked={input.value === true}
            onChange={(event) => input.onChange(event.currentTarget.checked)}
            onBlur={input.onBlur}
            aria-describedby={[help, error].filter(Boolean).join(' ') || undefined}
            aria-invalid={error ? true : undefined}
          />
          {help && (
            <Text id={help} size="xs" c="dimmed">
              {field.meta.help}
            </Text>
          )}
          {error && (
            <Text id={error} size="xs" c="red">
              {field.error}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
