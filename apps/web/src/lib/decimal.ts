import Big from 'big.js';
import { DECIMAL_PATTERN } from '@console/schemas';

/*
 * Arithmetic on amounts goes through big.js and back to plain decimal text: never through a
 * JavaScript number, and never in exponent form (Big's toString would write 1e-7).
 */

/** a × b as plain decimal text, or undefined when either is not a decimal. */
export function multiply(a: unknown, b: unknown): string | undefined {
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  if (!DECIMAL_PATTERN.test(a) || !DECIMAL_PATTERN.test(b)) return undefined;
  return new Big(a).times(new Big(b)).toFixed();
}

/** a + b as plain decimal text. */
export function add(a: string, b: string): string {
  return new Big(a).plus(new Big(b)).toFixed();
}

/** The sum of decimal texts (fills, commissions) as plain decimal text; `0` for none. */
export function sum(values: readonly string[]): string {
  return values.reduce((total, v) => total.plus(new Big(v)), new Big(0)).toFixed();
}

/** True for a plain decimal string: what every helper below takes. */
export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** a − b as plain decimal text, signed (`-0.01`), or undefined when either is not a decimal. */
export function subtract(a: unknown, b: unknown): string | undefined {
  if (!isDecimal(a) || !isDecimal(b)) return undefined;
  return new Big(a).minus(new Big(b)).toFixed();
}

/**
 * a ÷ b to `places` decimals (rounded half up), or undefined when either is not a decimal or b
 * is zero.
 */
export function divide(a: unknown, b: unknown, places: number): string | undefined {
  if (!isDecimal(a) || !isDecimal(b) || new Big(b).eq(0)) return undefined;
  return new Big(a).div(new Big(b)).round(places, Big.roundHalfUp).toFixed();
}

/** The midpoint of two prices, exactly; undefined unless both are decimals. */
export function midpointOf(a: unknown, b: unknown): string | undefined {
  if (!isDecimal(a) || !isDecimal(b)) return undefined;
  return new Big(a).plus(new Big(b)).div(2).toFixed();
}

/**
 * True when `price` is `fraction` of `reference` or further from it (|price − reference| ≥
 * reference × fraction), compared exactly, as the service compares a limit price with the
 * midpoint; undefined unless all three are decimals.
 */
export function isFractionAway(
  price: unknown,
  reference: unknown,
  fraction: unknown,
): boolean | undefined {
  if (!isDecimal(price) || !isDecimal(reference) || !isDecimal(fraction)) return undefined;
  const ref = new Big(reference);
  return new Big(price)
    .minus(ref)
    .abs()
    .gte(ref.times(new Big(fraction)));
}

/**
 * How far `price` is from `reference`, in per cent of the reference, to `places` decimals (for
 * words only: decisions use {@link isFractionAway}); undefined for a zero or missing reference.
 */
export function percentAway(price: unknown, reference: unknown, places = 1): string | undefined {
  if (!isDecimal(price) || !isDecimal(reference) || new Big(reference).eq(0)) return undefined;
  const ref = new Big(reference);
  return new Big(price)
    .minus(ref)
    .abs()
    .times(100)
    .div(ref)
    .round(places, Big.roundHalfUp)
    .toFixed(places);
}

/**
 * The change from `before` to `after` in per cent of `before`, signed (`-1.5`, `+2.0`), to
 * `places` decimals; undefined for a zero or missing `before`.
 */
export function percentChange(before: unknown, after: unknown, places = 1): string | undefined {
  if (!isDecimal(before) || !isDecimal(after) || new Big(before).eq(0)) return undefined;
  const change = new Big(after).minus(new Big(before)).times(100).div(new Big(before));
  const text = change.round(places, Big.roundHalfUp).toFixed(places);
  return text.startsWith('-') ? text : `+${text}`;
}

/** a rounded up to `places` decimals (a fee the service rounds against the client). */
export function roundUp(a: string, places: number): string {
  return new Big(a).round(places, Big.roundUp).toFixed();
}

/** True when a > b; false when either is not a decimal (the service stays the judge). */
export function exceeds(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (!DECIMAL_PATTERN.test(a) || !DECIMAL_PATTERN.test(b)) return false;
  return new Big(a).gt(new Big(b));
}
