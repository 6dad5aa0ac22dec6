import { Select } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { enumValues } from '@/lib/schema-walk';
import type { FieldProps } from './text-field';
import { requiredProps, useField } from './use-field';

export interface SelectFieldProps extends FieldProps {
  /** A subset of the enum, when the rest does not apply (time in force per order type). */
  options?: readonly string[];
  /** Shown in place of an empty value, e.g. the default that applies when nothing is chosen. */
  placeholder?: string;
}

/** An enum of the schema as a searchable select: typing narrows long lists like markets. */
export function SelectField({ name, required, options, placeholder }: SelectFieldProps) {
  const field = useField(name, required);
  const { control } = useFormContext();
  const data = [...(options ?? enumValues(field.schema))];
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: input }) => (
        <Select
          id={field.id}
          ref={input.ref}
          label={field.label}
          description={field.meta.help}
          {...requiredProps(field.required)}
          error={field.error}
          data={data}
          value={typeof input.value === 'string' && input.value ? input.value : null}
          onChange={(value) => input.onChange(value ?? '')}
          onBlur={input.onBlur}
          searchable={data.length > 6}
          clearable={!field.required}
          allowDeselect={!field.required}
          placeholder={placeholder ?? (field.required ? 'Choose…' : 'Not set')}
          nothingFoundMessage="No match"
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
