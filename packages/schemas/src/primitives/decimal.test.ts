import { describe, expect, it } from 'vitest';
import { decimalString, positiveDecimalString } from './decimal';

const decimal = decimalString('Amount');
const positive = positiveDecimalString('Amount');

describe('decimal strings', () => {
  it.each([
    ['1', true, true],
    ['1.50', true, true],
    ['.5', true, true],
    ['0.000000000000000001', true, true],
    ['123456789012345678901234567890.123456789012345678', true, true],
    ['0', true, false],
    ['0.0', true, false],
    ['.0', true, false],
    ['1e5', false, false],
    ['-1', false, false],
    ['+1', false, false],
    ['1.', false, false],
    [' 1', false, false],
    ['1 ', false, false],
    ['1,5', false, false],
    ['', false, false],
    ['1.2.3', false, false],
    ['0x10', false, false],
  ])('%j: decimal %s, greater than 0 %s', (value, isDecimal, isPositive) => {
    expect(decimal.safeParse(value).success).toBe(isDecimal);
    expect(positive.safeParse(value).success).toBe(isPositive);
  });

  it('refuses numbers: amounts never travel as JavaScript numbers', () => {
    expect(decimal.safeParse(1.5).success).toBe(false);
  });

  it('keeps the exact text', () => {
    expect(positive.parse('0.000000000000000001')).toBe('0.000000000000000001');
  });

  it('says what is wrong in an operator’s words', () => {
    expect(positive.safeParse('0').error?.issues[0]?.message).toBe('Amount must be greater than 0');
    expect(positive.safeParse('1e5').error?.issues[0]?.message).toMatch(/no sign, exponent/);
    expect(positive.safeParse(undefined).error?.issues[0]?.message).toBe('Amount is required');
  });
});
