import { describe, expect, it } from 'vitest';
import { digitsPastPrecision } from './format-amount';

describe('digitsPastPrecision', () => {
  it.each([
    // a fill's gross, amount × price, a tenth of a cent past USD's cents
    ['12931.916', 'USD', 1],
    ['1.005', 'USD', 1],
    ['0.00001', 'USD', 3],
    // trailing zeros are not digits past the precision (the display trims them)
    ['12931.910', 'USD', 0],
    ['12931.9100000', 'USD', 0],
    ['12.5', 'USD', 0],
    ['5000', 'USD', 0],
    ['0.123456789', 'BTC', 1],
    ['0.12345678', 'BTC', 0],
    // no precision known, or not a decimal: nothing is set apart
    ['1.23456', 'XYZ', 0],
    ['1.23456', undefined, 0],
    ['abc', 'USD', 0],
  ] as const)('%s %s has %i digit(s) past its precision', (value, asset, digits) => {
    expect(digitsPastPrecision(value, asset)).toBe(digits);
  });
});
