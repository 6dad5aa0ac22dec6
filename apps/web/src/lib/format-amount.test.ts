import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount';

describe('formatAmount', () => {
  it.each([
    // grouping by locale
    ['1234567.5', 'BTC', 'en-US', '1,234,567.5'],
    ['1234567.5', 'BTC', 'de-DE', '1.234.567,5'],
    ['1234567.5', 'BTC', 'fr-FR', '1\u202f234\u202f567,5'],
    ['1234567.5', 'BTC', 'en-IN', '12,34,567.5'],
    ['999', 'BTC', 'en-US', '999'],
    ['1000', 'BTC', 'en-US', '1,000'],
    // trailing zeros trimmed; the two spellings of one amount read the same
    ['1234567.50000000', 'BTC', 'en-US', '1,234,567.5'],
    ['1.10', 'ETH', 'en-US', '1.1'],
    ['5.000', 'BTC', 'en-US', '5'],
    // fiat keeps its cents
    ['12.5', 'USD', 'en-US', '12.50'],
    ['125.07', 'USD', 'en-US', '125.07'],
    ['1500', 'EUR', 'de-DE', '1.500,00'],
    ['2500.000', 'USD', 'en-US', '2,500.00'],
    // 18 decimals, exactly
    ['0.000000000000000001', 'ETH', 'en-US', '0.000000000000000001'],
    ['123456789.123456789012345678', 'ETH', 'en-US', '123,456,789.123456789012345678'],
    // zero
    ['0', 'BTC', 'en-US', '0'],
    ['0.00000000', 'BTC', 'en-US', '0'],
    ['0', 'USD', 'en-US', '0.00'],
    ['.5', 'BTC', 'en-US', '0.5'],
    ['000123.4', 'BTC', 'en-US', '123.4'],
    // very large values stay exact: no float, no exponent
    [
      '98765432109876543210987654321.25',
      'USD',
      'en-US',
      '98,765,432,109,876,543,210,987,654,321.25',
    ],
    ['9007199254740993', 'BTC', 'en-US', '9,007,199,254,740,993'],
    // digits past the asset's precision are shown, never rounded away
    ['1.005', 'USD', 'en-US', '1.005'],
    // no asset: grouping and trimming only
    ['1234.5000', undefined, 'en-US', '1,234.5'],
    // not a plain decimal: shown as it came
    ['1e5', 'BTC', 'en-US', '1e5'],
    ['', 'BTC', 'en-US', ''],
    ['-3', 'USD', 'en-US', '-3'],
  ])('%s %s in %s → %s', (value, asset, locale, expected) => {
    expect(formatAmount(value, asset, locale)).toBe(expected);
  });

  it('uses Latin digits whatever the locale writes', () => {
    expect(formatAmount('1234.5', 'BTC', 'ar-EG')).toMatch(/^1.234.5$/u);
  });
});
