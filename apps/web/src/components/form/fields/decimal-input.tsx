import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  /** The asset the amount is in, shown beside it; empty until the operator names the asset. */
  asset?: string | undefined;
}

/**
 * An amount exactly as typed. Deliberately a text input: a number input would turn
 * "0.000000000000000001" into 1e-18 and "1.50" into 1.5. The schema decides what is valid.
 */
export const DecimalInput = forwardRef<HTMLInputElement, DecimalInputProps>(function DecimalInput(
  { value, onChange, asset, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        asset ? (
          <Text size="xs" fw={600} c="dimmed" aria-hidden>
            {asset}
          </Text>
        ) : undefined
      }
      rightSectionWidth={asset ? Math.max(44, asset.length * 9 + 16) : undefined}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
});
