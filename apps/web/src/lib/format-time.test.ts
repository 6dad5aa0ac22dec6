import { describe, expect, it } from 'vitest';
import {
  ageWords,
  formatUtc,
  zoneLabel,
  millisToPicker,
  pickerToMillis,
  toDate,
} from './format-time';

describe('times', () => {
  it('reads RFC 3339 and 13-digit milliseconds', () => {
    expect(toDate('2026-11-22T02:00:00Z')?.getTime()).toBe(Date.UTC(2026, 10, 22, 2));
    expect(toDate('1795399200000')?.getTime()).toBe(1795399200000);
    expect(toDate('soon')).toBeNull();
  });

  it('sends a picked local moment as 13-digit UTC milliseconds and back', () => {
    const millis = pickerToMillis('2030-01-02 03:04:05');
    expect(millis).toMatch(/^[0-9]{13}$/);
    expect(millisToPicker(millis)).toBe('2030-01-02 03:04:05');
    expect(pickerToMillis(null)).toBeUndefined();
  });

  it.each([
    ['GMT', 0, 'UTC'],
    ['GMT+0', 0, 'UTC'],
    ['UTC', 0, 'UTC'],
    [undefined, 0, 'UTC'],
    ['BST', -60, 'BST'],
    ['GMT+1', -60, 'GMT+1'],
    ['EST', 300, 'EST'],
  ])('labels the zone %s at offset %i as %s', (name, offset, label) => {
    expect(zoneLabel(name, offset)).toBe(label);
  });

  it('writes UTC for the hover text', () => {
    expect(formatUtc(new Date(Date.UTC(2026, 10, 22, 2, 3, 4)))).toBe('2026-11-22 02:03:04 UTC');
  });
});

describe('the age of a price', () => {
  const now = Date.parse('2026-06-01T12:00:10Z');
  it('says seconds, then minutes, and just now for a clock slightly ahead', () => {
    expect(ageWords('2026-06-01T12:00:09Z', now)).toBe('1 s old');
    expect(ageWords('2026-06-01T11:58:11Z', now)).toBe('119 s old');
    expect(ageWords('2026-06-01T11:50:10Z', now)).toBe('10 min old');
    expect(ageWords('2026-06-01T12:00:11Z', now)).toBe('just now');
    expect(ageWords('not a time', now)).toBeUndefined();
  });
});
