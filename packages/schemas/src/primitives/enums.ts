import { z } from 'zod';

/*
 * How the console reads the service's enums: a response enum stays open (an unknown value shows
 * as itself), and a value is checked against the spec's list. The lists are in `*-enums.ts` beside
 * this module, by what they describe.
 */

/**
 * A response enum that stays open: the service may add values, and an unknown status must show
 * as itself in the console rather than fail the whole response. Requests always use closed enums.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string() as z.ZodType<T[number] | (string & {})>;
}

/** True when `value` is one of the values the spec lists (the UI marks others as unknown). */
export function isKnownValue<const T extends readonly string[]>(
  known: T,
  value: string,
): value is T[number] {
  return (known as readonly string[]).includes(value);
}
