import { TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { requiredProps, useField } from './use-field';

export interface FieldProps {
  name: string;
  /** Forces the asterisk when a rule of the operation, not the schema, needs the value. */
  required?: boolean;
}

/** Plain text: identifiers, addresses, names. Trimming is the operator's call, so it is never done here. */
export function TextField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const { register } = useFormContext();
  return (
    <TextInput
      id={field.id}
      label={field.label}
      description={field.meta.help}
      {...requiredProps(field.required)}
      error={field.error}
      autoComplete="off"
      spellCheck={false}
      {...register(name)}
    />
  );
}
