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

/** True when a > b; false when either is not a decimal (the service stays the judge). */
export function exceeds(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  if (!DECIMAL_PATTERN.test(a) || !DECIMAL_PATTERN.test(b)) return false;
  return new Big(a).gt(new Big(b));
}
