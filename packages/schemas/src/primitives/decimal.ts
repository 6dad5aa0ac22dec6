import { z } from 'zod';
import { requiredOr } from './messages';

/** The service's decimal format: digits with at most one dot, no sign, no exponent, no spaces. */
export const DECIMAL_PATTERN = /^[0-9]*\.?[0-9]+$/;

/** True when a decimal string (already matching {@link DECIMAL_PATTERN}) is above zero: any non-zero digit. */
export function isPositiveDecimal(value: string): boolean {
  return /[1-9]/.test(value);
}

/**
 * An amount or price as the service carries it: a decimal string, never a number.
 * `label` names the field in messages written for an operator.
 */
export function decimalString(label: string) {
  return z
    .string({ error: requiredOr(label, `${label} must be text such as 12.50`) })
    .regex(DECIMAL_PATTERN, {
      error: `${label} must be a plain decimal such as 12.50: digits and at most one dot, no sign, exponent or spaces`,
    });
}

/** A decimal string that must be greater than 0. */
export function positiveDecimalString(label: string) {
  return decimalString(label).refine(isPositiveDecimal, {
    error: `${label} must be greater than 0`,
  });
}
