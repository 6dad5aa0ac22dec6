import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { grouped } from './limit-words';

describe('amounts in words', () => {
  it.each([
    ['0', '0'],
    ['38500', '38,500'],
    ['1234567.891', '1,234,567.891'],
    ['0.000000000000000001', '0.000000000000000001'],
    ['1e+25', '10,000,000,000,000,000,000,000,000'],
    ['999', '999'],
  ])('%s reads %s: plain notation, never an exponent', (amount, words) => {
    expect(grouped(new Big(amount))).toBe(words);
  });
});
