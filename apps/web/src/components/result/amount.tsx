import { Text } from '@mantine/core';
import { digitsPastPrecision } from '@console/schemas';
import { useRef, type ClipboardEvent } from 'react';
import { formatAmount } from '@/lib/format-amount';

/**
 * An amount with its asset, grouped for reading (`1,234,567.5 BTC`). The exact string the service
 * sent is on hover, and is what a copy of the amount puts on the clipboard: an operator pasting
 * it elsewhere gets the service's digits, not the display's. Digits past the asset's precision (a
 * fill's gross, amount × price, can hold a tenth of a cent) are shown, never rounded, but dimmed:
 * they are real, and not the cents an operator reads first (ADR 007).
 */
export function Amount({
  value,
  asset,
  bare = false,
}: {
  value: string;
  /** Sets the precision; shown beside the amount unless `bare` (a table with an asset column). */
  asset?: string | undefined;
  bare?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const exact = asset ? `${value} ${asset}` : value;
  const onCopy = (event: ClipboardEvent<HTMLParagraphElement>) => {
    const selection = window.getSelection();
    const root = ref.current;
    // Only when the selection is this amount alone; a copied row keeps what it shows.
    if (!selection || !root?.contains(selection.anchorNode) || !root.contains(selection.focusNode))
      return;
    event.clipboardData.setData('text/plain', value);
    event.preventDefault();
  };
  return (
    <Text
      ref={ref}
      span
      size="sm"
      title={`Exact: ${exact}`}
      data-exact={value}
      onCopy={onCopy}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      <AmountDigits text={formatAmount(value, asset)} past={digitsPastPrecision(value, asset)} />
      {asset && !bare ? (
        <Text span size="sm" c="dimmed" fw={600} ml={4}>
          {asset}
        </Text>
      ) : null}
    </Text>
  );
}

/** The formatted digits, those past the precision (the last `past` characters) dimmed. */
function AmountDigits({ text, past }: { text: string; past: number }) {
  if (past === 0) return text;
  return (
    <>
      {text.slice(0, -past)}
      <Text span inherit c="dimmed" data-past-precision="">
        {text.slice(-past)}
      </Text>
    </>
  );
}
