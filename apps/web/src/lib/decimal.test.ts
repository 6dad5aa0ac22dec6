import { describe, expect, it } from 'vitest';
import { add, multiply, percentChange, subtract } from './decimal';

describe('decimal arithmetic', () => {
  it('multiplies without float error or exponent', () => {
    expect(multiply('0.1', '3')).toBe('0.3');
    expect(multiply('0.000000000000000001', '2')).toBe('0.000000000000000002');
    expect(multiply('1e5', '2')).toBeUndefined();
  });
  it('adds exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
  });
  it('subtracts exactly, signed', () => {
    expect(subtract('1250.50', '1250.51')).toBe('-0.01');
    expect(subtract('0.3', '0.1')).toBe('0.2');
    expect(subtract('1e3', '1')).toBeUndefined();
  });
  it('says a change in per cent with its sign', () => {
    expect(percentChange('100', '101.5')).toBe('+1.5');
    expect(percentChange('100', '98.44')).toBe('-1.6');
    expect(percentChange('0', '1')).toBeUndefined();
  });
});
