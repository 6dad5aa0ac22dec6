import { Controller, useFormContext } from 'react-hook-form';
import { isRowList } from '@/lib/form-values';
import type { FieldProps } from './text-field';
import { MetadataEditor } from './metadata-editor';
import { messagesOf, useField } from './use-field';
import { get, useFormState } from 'react-hook-form';

/** A metadata object of the schema, edited as rows (the form converts them back on send). */
export function MetadataField({ name }: FieldProps) {
  const field = useField(name);
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: input }) => (
        <MetadataEditor
          id={field.id}
          label={field.label}
          description={field.meta.help}
          rows={isRowList(input.value) ? input.value : []}
          onChange={input.onChange}
          onBlur={input.onBlur}
          errors={messagesOf(get(errors, name))}
          firstInputRef={input.ref}
        />
      )}
    />
  );
}
