import { Controller, useFormContext } from 'react-hook-form';
import { DecimalInput } from './decimal-input';
import type { FieldProps } from './text-field';
import { useAsset } from './use-asset';
import { requiredProps, useField } from './use-field';

/** An amount or price: exact text, with its asset beside it and in its accessible description. */
export function DecimalField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const asset = useAsset(field.meta.asset);
  const { control } = useFormContext();
  const help = [field.meta.help, asset ? `In ${asset}` : undefined].filter(Boolean).join('. ');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: input }) => (
        <DecimalInput
          id={field.id}
          ref={input.ref}
          name={input.name}
          label={field.label}
          description={help || undefined}
          {...requiredProps(field.required)}
          error={field.error}
          asset={asset}
          value={typeof input.value === 'string' ? input.value : ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          placeholder="0.00"
        />
      )}
    />
  );
}
