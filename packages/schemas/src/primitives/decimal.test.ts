import { describe, expect, it } from 'vitest';
import {
  DECIMAL_PATTERN,
  decimalString,
  isPositiveDecimal,
  positiveDecimalString,
} from './decimal';

// Each test builds its schemas: what a form or a request body gets when it asks for an amount.
const schemas = (label = 'Amount') => ({
  decimal: decimalString(label),
  positive: positiveDecimalString(label),
});

describe('decimal strings: every rule an amount or price is held to', () => {
  it.each([
    // rule, value, a decimal, greater than 0
    ['whole digits', '1', true, true],
    ['digits and one dot', '1.50', true, true],
    ['no digit needed before the dot', '.5', true, true],
    ['the smallest amount the service carries', '0.000000000000000001', true, true],
    [
      'no limit on precision or size',
      '123456789012345678901234567890.123456789012345678',
      true,
      true,
    ],
    ['leading zeros are kept, not refused', '007.50', true, true],
    ['a zero before the dot', '0.10', true, true],
    ['zero', '0', true, false],
    ['zero with decimals', '0.000', true, false],
    ['zero with only decimals', '.0', true, false],
    ['zero with leading zeros', '000', true, false],
    ['an exponent', '1e5', false, false],
    ['an upper-case exponent', '1E5', false, false],
    ['a minus sign', '-1', false, false],
    ['a plus sign', '+1', false, false],
    ['a negative zero', '-0', false, false],
    ['a dot with no digit after it', '1.', false, false],
    ['a dot alone', '.', false, false],
    ['two dots', '1.2.3', false, false],
    ['a leading space', ' 1', false, false],
    ['a trailing space', '1 ', false, false],
    ['a space between digits', '1 000', false, false],
    ['a trailing line break', '1\n', false, false],
    ['a leading line break', '\n1', false, false],
    ['a decimal comma', '1,5', false, false],
    ['a thousands separator', '1,000.00', false, false],
    ['nothing', '', false, false],
    ['hexadecimal', '0x10', false, false],
    ['a currency sign', '$1', false, false],
    ['non-ASCII digits', '\u0661\u0662', false, false],
    ['full-width digits', '\uff11', false, false],
    ['Infinity', 'Infinity', false, false],
    ['NaN', 'NaN', false, false],
  ])('%s (%j): a decimal %s, greater than 0 %s', (_rule, value, isDecimal, isPositive) => {
    const { decimal, positive } = schemas();
    expect(decimal.safeParse(value).success).toBe(isDecimal);
    expect(positive.safeParse(value).success).toBe(isPositive);
    // The pattern other modules test against (order limits) says the same.
    expect(DECIMAL_PATTERN.test(value)).toBe(isDecimal);
    if (isDecimal) expect(isPositiveDecimal(value)).toBe(isPositive);
  });

  it.each([
    ['a number', 1.5],
    ['a bigint', 15n],
    ['null', null],
    ['a boolean', true],
    ['an object', { amount: '1.50' }],
  ])('refuses %s: amounts never travel as anything but text', (_kind, value) => {
    const { decimal, positive } = schemas();
    expect(decimal.safeParse(value).error?.issues[0]?.message).toBe(
      'Amount must be text such as 12.50',
    );
    expect(positive.safeParse(value).success).toBe(false);
  });

  it('keeps the exact text it was given, trailing zeros and all', () => {
    const { decimal, positive } = schemas();
    expect(positive.parse('0.000000000000000001')).toBe('0.000000000000000001');
    expect(decimal.parse('007.500')).toBe('007.500');
  });

  it.each([
    [undefined, 'Price is required'],
    [12.5, 'Price must be text such as 12.50'],
    [
      '1e5',
      'Price must be a plain decimal such as 12.50: digits and at most one dot, no sign, exponent or spaces',
    ],
    ['0.00', 'Price must be greater than 0'],
  ])('says what is wrong with %j in an operator’s words, naming the field', (value, message) => {
    const { positive } = schemas('Price');
    const issues = positive.safeParse(value).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([message]);
  });
});
