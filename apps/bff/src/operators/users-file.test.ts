import { describe, expect, it } from 'vitest';
import { isTimeZone } from './users-file';

describe('an operator’s time zone, for the times in their emails (issue 60, item 3)', () => {
  it.each([
    ['Europe/London', true],
    ['Asia/Singapore', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['GMT+25', false],
    ['', false],
  ])('%s is a time zone: %s', (zone, known) => {
    expect(isTimeZone(zone)).toBe(known);
  });
});
