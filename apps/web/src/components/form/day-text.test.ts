import { describe, expect, it } from 'vitest';
import { parseDay } from './day-text';

describe('parseDay', () => {
  it.each([
    ['2026-12-06', '2026-12-06'],
    [' 2026-12-06 ', '2026-12-06'],
    ['2024-02-29', '2024-02-29'],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['12/06/2026', null],
    ['06/12/2026', null],
    ['2026-6-1', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j is %j', (text, day) => {
    expect(parseDay(text)).toBe(day);
  });
});
