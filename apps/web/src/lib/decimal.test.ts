import { describe, expect, it } from 'vitest';
import { add, multiply } from './decimal';

describe('decimal arithmetic', () => {
  it('multiplies without float error or exponent', () => {
    expect(multiply('0.1', '3')).toBe('0.3');
    expect(multiply('0.000000000000000001', '2')).toBe('0.000000000000000002');
    expect(multiply('1e5', '2')).toBeUndefined();
  });
  it('adds exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
  });
});
