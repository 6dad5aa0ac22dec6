import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words';

describe('an amount in words', () => {
  it.each([
    ['0', 'zero'],
    ['7', 'seven'],
    ['13', 'thirteen'],
    ['42', 'forty-two'],
    ['100', 'one hundred'],
    ['1250.50', 'one thousand two hundred fifty point five zero'],
    ['0.25', 'zero point two five'],
    ['.5', 'zero point five'],
    ['1000000', 'one million'],
    ['2001000', 'two million one thousand'],
    ['10000', 'ten thousand'],
    ['0.000000000000000001', `zero point ${'zero '.repeat(17)}one`],
  ])('says %s as "%s"', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('reads a whole part longer than every scale digit by digit, never through a float', () => {
    const digits = '1'.repeat(40);
    expect(amountInWords(digits)).toBe(Array(40).fill('one').join(' '));
    // A number past 2^53 keeps every digit: 9007199254740993 as a float would end in 2.
    expect(amountInWords('9007199254740993')).toMatch(/ninety-three$/);
  });

  it('gives back text that is not a plain decimal as it is', () => {
    expect(amountInWords('1e5')).toBe('1e5');
    expect(amountInWords('')).toBe('');
  });
});
