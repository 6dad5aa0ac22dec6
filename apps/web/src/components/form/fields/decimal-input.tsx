import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useState, type ClipboardEvent, type FocusEvent } from 'react';
import { normalizeDecimal } from '@console/schemas';
import { operatorLocale } from '@/lib/format-amount';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  /** The asset the amount is in, shown beside it; empty until the operator names the asset. */
  asset?: string | undefined;
}

/**
 * An amount exactly as typed. Deliberately a text input: a number input would turn
 * "0.000000000000000001" into 1e-18 and "1.50" into 1.5. The schema decides what is valid.
 *
 * What operators paste from statements and spreadsheets (`1,234.50`, `1 234.50`) is turned into
 * the plain decimal the service takes, on paste and when leaving the field, and the field says
 * so beneath it: the operator sees the value that will be reviewed and sent, never a silent change.
 */
export const DecimalInput = forwardRef<HTMLInputElement, DecimalInputProps>(function DecimalInput(
  { value, onChange, asset, description, onBlur, ...props },
  ref,
) {
  const [readAs, setReadAs] = useState<{ from: string; to: string } | null>(null);
  const normalize = (text: string): string => {
    const plain = normalizeDecimal(text, operatorLocale());
    setReadAs(plain !== text && plain !== text.trim() ? { from: text, to: plain } : null);
    return plain;
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    const input = event.currentTarget;
    // Pasted over the whole value (the usual case): take it normalised. Into the middle of a
    // value: paste as is, and normalise the whole when leaving the field.
    if (input.selectionStart !== 0 || input.selectionEnd !== input.value.length) return;
    event.preventDefault();
    onChange(normalize(pasted));
  };
  const leave = (event: FocusEvent<HTMLInputElement>) => {
    if (value !== '') {
      const plain = normalizeDecimal(value, operatorLocale());
      if (plain !== value) onChange(normalize(value));
    }
    onBlur?.(event);
  };
  const note = readAs ? `Read “${readAs.from.trim()}” as ${readAs.to}` : undefined;
  return (
    <TextInput
      ref={ref}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => {
        setReadAs(null);
        onChange(event.currentTarget.value);
      }}
      onPaste={onPaste}
      onBlur={leave}
      description={
        note ? (
          <>
            {description ? <>{description}. </> : null}
            <Text span size="xs" fw={600} c="var(--mantine-color-text)">
              {note}
            </Text>
          </>
        ) : (
          description
        )
      }
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
