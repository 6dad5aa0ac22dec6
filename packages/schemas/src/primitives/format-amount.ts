import { assetPrecision, FIAT_ASSETS } from './assets';
import { DECIMAL_PATTERN } from './decimal';

/*
 * The one way the console writes an amount for a person, on a page or in a message. The
 * service's decimal string is split into its digits and never becomes a JavaScript number: the
 * integer part is grouped by Intl.NumberFormat as a BigInt (exact at any size), the fraction is
 * the service's own digits.
 */

interface LocaleParts {
  group: Intl.NumberFormat;
  decimal: string;
}

const cache = new Map<string, LocaleParts>();

function partsFor(locale: string | undefined): LocaleParts {
  const key = locale ?? '';
  let parts = cache.get(key);
  if (!parts) {
    // Latin digits always: the fraction is written as the service sent it, in Latin digits.
    const options = { numberingSystem: 'latn', useGrouping: true } as const;
    const group = new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 0 });
    // 1.5 only teaches the separator; no amount passes through a number.
    const decimal =
      new Intl.NumberFormat(locale, options).formatToParts(1.5).find((p) => p.type === 'decimal')
        ?.value ?? '.';
    parts = { group, decimal };
    cache.set(key, parts);
  }
  return parts;
}

/**
 * An amount for display: integer digits grouped by the locale (`1,234,567`), trailing zeros of
 * the fraction trimmed (`1234567.50000000` BTC → `1,234,567.5`), fiat kept to its cents
 * (`12.5` USD → `12.50`). Never rounded: digits past the asset's precision are real digits of
 * the value, so they are shown, not hidden. Text that is not a plain decimal comes back as it is.
 *
 * @example
 * formatAmountIn('5000', 'USD', 'en'); // '5,000.00'
 */
export function formatAmountIn(
  value: string,
  asset: string | undefined,
  locale: string | undefined,
): string {
  if (!DECIMAL_PATTERN.test(value)) return value;
  const [rawInteger = '', rawFraction = ''] = value.split('.');
  const integer = rawInteger.replace(/^0+(?=\d)/, '') || '0';
  let fraction = rawFraction.replace(/0+$/, '');
  const precision = assetPrecision(asset);
  if (precision !== undefined && asset !== undefined && FIAT_ASSETS.includes(asset)) {
    fraction = fraction.padEnd(precision, '0');
  }
  const { group, decimal } = partsFor(locale);
  const grouped = group.format(BigInt(integer));
  return fraction ? `${grouped}${decimal}${fraction}` : grouped;
}

/**
 * How many of an amount's fraction digits lie past its asset's precision (`12931.916` USD: 1),
 * after trailing zeros are trimmed as `formatAmountIn` trims them. A computed value such as a
 * fill's gross (amount × price) can hold them: they are real digits, so the screen shows them, set
 * apart so that a price of a tenth of a cent is not read as a typo (ADR 007).
 */
export function digitsPastPrecision(value: string, asset: string | undefined): number {
  const precision = assetPrecision(asset);
  if (precision === undefined || !DECIMAL_PATTERN.test(value)) return 0;
  const fraction = (value.split('.')[1] ?? '').replace(/0+$/, '');
  return Math.max(0, fraction.length - precision);
}
