import { describe, expect, it } from 'vitest';
import { normalizeDecimal } from './normalize-decimal';

describe('normalizeDecimal', () => {
  it.each([
    ['1,234.50', 'en-US', '1234.50'],
    ['1 234.50', 'en-US', '1234.50'],
    [' 1234.50 ', 'en-US', '1234.50'],
    ['1\u00a0234\u00a0567.5', 'en-US', '1234567.5'],
    ["1'234.50", 'de-CH', '1234.50'],
    ['12,345,678.000000000000000001', 'en-US', '12345678.000000000000000001'],
    ['1.234,50', 'de-DE', '1234.50'],
    ['1234,5', 'de-DE', '1234.5'],
    ['1 234,50', 'fr-FR', '1234.50'],
    // already plain: unchanged
    ['1234.50', 'en-US', '1234.50'],
    ['0.000000000000000001', 'de-DE', '0.000000000000000001'],
    // ambiguous or wrong: left for the schema to explain
    ['1,5', 'en-US', '1,5'],
    ['1,23,4', 'en-US', '1,23,4'],
    ['1e5', 'en-US', '1e5'],
    ['12 50', 'en-US', '12 50'],
    ['1 23.5', 'en-US', '1 23.5'],
    ['1 234 5', 'fr-FR', '1 234 5'],
    ['-12', 'en-US', '-12'],
    ['12.34.56', 'en-US', '12.34.56'],
    ['abc', 'en-US', 'abc'],
  ])('%j in %s → %j', (typed, locale, expected) => {
    expect(normalizeDecimal(typed, locale)).toBe(expected);
  });
});
