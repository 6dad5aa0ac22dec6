import { TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

/**
 * A whole number (milliseconds to wait). Digits become a number for the schema; anything else
 * stays text so that the schema names the mistake instead of the browser hiding it.
 */
export function IntegerField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const { register } = useFormContext();
  return (
    <TextInput
      id={field.id}
      label={field.label}
      description={field.meta.help}
      {...requiredProps(field.required)}
      error={field.error}
      inputMode="numeric"
      autoComplete="off"
      {...register(name, {
        setValueAs: (value: unknown) => {
          if (value === '' || value === undefined || value === null) return undefined;
          if (typeof value === 'number') return value;
          return /^[0-9]{1,9}$/.test(String(value)) ? Number(value) : String(value);
        },
      })}
    />
  );
}
