import { describe, expect, it } from 'vitest';
import { isRecord } from './is-record';

describe('isRecord', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [Object.create(null) as object, true],
    [null, false],
    [[], false],
    [[{ a: 1 }], false],
    ['{}', false],
    [1, false],
    [undefined, false],
  ])('%j is a record: %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});
