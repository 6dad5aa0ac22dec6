import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { grouped } from './limit-words';

describe('amounts in words', () => {
  it.each([
    ['0', 'ETH', '0'],
    ['38500', 'ETH', '38,500'],
    ['1234567.891', 'ETH', '1,234,567.891'],
    ['0.000000000000000001', 'ETH', '0.000000000000000001'],
    ['1e+25', 'ETH', '10,000,000,000,000,000,000,000,000'],
    ['999', 'ETH', '999'],
    // Fiat keeps its cents, as on every page and in every message.
    ['0', 'USD', '0.00'],
    ['38500', 'USD', '38,500.00'],
    ['0.01', 'USD', '0.01'],
    ['1e+6', 'EUR', '1,000,000.00'],
  ])('%s %s reads %s: plain notation, never an exponent', (amount, asset, words) => {
    expect(grouped(new Big(amount), asset)).toBe(words);
  });
});
