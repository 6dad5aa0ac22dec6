import { Stack } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useOperation } from '../operation-context';
import { AmountOutlook, outlookAmountField } from './amount-outlook';
import { DecimalInput } from './decimal-input';
import { FirstSendHint, firstSendAmountField } from './first-send-hint';
import type { FieldProps } from './text-field';
import { useAsset } from './use-asset';
import { requiredProps, useField } from './use-field';

/** An amount or price: exact text, with its asset beside it and in its accessible description. */
export function DecimalField({ name, required }: FieldProps) {
  const field = useField(name, required);
  const asset = useAsset(field.meta.asset);
  const { control } = useFormContext();
  const help = [field.meta.help, asset ? `In ${asset}` : undefined].filter(Boolean).join('. ');
  // A send's amount has the first send's test amount suggested beside it.
  const { op } = useOperation();
  const amountOfSend = firstSendAmountField(op)?.amount === name;
  // A send's amount says beside it when the policy could not be satisfied (issue 60, item 2).
  const amountUnderPolicy = outlookAmountField(op) === name;
  const input = (
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
  return amountOfSend || amountUnderPolicy ? (
    <Stack gap={4}>
      {input}
      {amountUnderPolicy && <AmountOutlook />}
      {amountOfSend && <FirstSendHint />}
    </Stack>
  ) : (
    input
  );
}
