import { DECIMAL_PATTERN } from './decimal';

/** Spaces of every kind and apostrophes: what grouped numbers are written with across locales. */
const GROUP_MARKS = /[\s\u00a0\u202f\u2009'’]/g;
const SPACE_GROUPED = /^\d{1,3}([\s\u00a0\u202f\u2009'’]\d{3})+([.,]\d+)?$/;
const COMMA_GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const DOT_GROUPED = /^\d{1,3}(\.\d{3})+(,\d+)?$/;
const COMMA_DECIMAL = /^\d*,\d+$/;

function commaIsDecimal(locale: string | undefined): boolean {
  const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
  return parts.find((p) => p.type === 'decimal')?.value === ',';
}

/**
 * What an operator pasted or typed (`1,234.50`, `1 234.50`, `1.234,50` where the locale writes a
 * decimal comma) as the service's plain decimal (`1234.50`). Digits are never changed, added or
 * dropped: only group marks go and a decimal comma becomes a dot. Text that still is not a plain
 * decimal after that comes back as typed, for the schema to explain. The form reads what an
 * operator types in their browser's locale; a batch file, which carries none, is read as `en`
 * (a comma groups, a dot is the decimal point), so `1,250.00` in a CSV is 1250.00 (issue 67).
 */
export function normalizeDecimal(text: string, locale: string | undefined): string {
  const trimmed = text.trim();
  if (DECIMAL_PATTERN.test(trimmed)) return trimmed;
  // A space or an apostrophe groups only thousands: `12 50` is two numbers, not 1250.
  const compact = SPACE_GROUPED.test(trimmed) ? trimmed.replace(GROUP_MARKS, '') : trimmed;
  if (DECIMAL_PATTERN.test(compact)) return compact;
  let candidate: string | undefined;
  if (commaIsDecimal(locale)) {
    if (DOT_GROUPED.test(compact)) candidate = compact.replaceAll('.', '').replace(',', '.');
    else if (COMMA_DECIMAL.test(compact)) candidate = compact.replace(',', '.');
  } else if (COMMA_GROUPED.test(compact)) {
    candidate = compact.replaceAll(',', '');
  }
  return candidate !== undefined && DECIMAL_PATTERN.test(candidate) ? candidate : text;
}
