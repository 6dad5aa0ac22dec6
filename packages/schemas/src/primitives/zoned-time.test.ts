import { describe, expect, it } from 'vitest';
import { isTimeZone, parseLocalDate, zonedDate, zonedToEpoch } from './zoned-time';

const at = (date: string, time: string, zone: string) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(zonedToEpoch(parseLocalDate(date)!, h! * 60 + m!, zone)).toISOString();
};

describe('a wall time in a zone is one instant, clock changes included (ADR 034)', () => {
  it.each([
    // why, date, time, zone, instant
    ['London in winter is UTC', '2026-01-15', '09:00', 'Europe/London', '2026-01-15T09:00:00.000Z'],
    [
      'London in summer is UTC+1',
      '2026-07-15',
      '09:00',
      'Europe/London',
      '2026-07-15T08:00:00.000Z',
    ],
    ['before the spring gap', '2026-03-29', '00:30', 'Europe/London', '2026-03-29T00:30:00.000Z'],
    [
      'in the gap: moved past it (02:30 BST)',
      '2026-03-29',
      '01:30',
      'Europe/London',
      '2026-03-29T01:30:00.000Z',
    ],
    ['after the gap', '2026-03-29', '02:30', 'Europe/London', '2026-03-29T01:30:00.000Z'],
    [
      'before the autumn overlap',
      '2026-10-25',
      '00:30',
      'Europe/London',
      '2026-10-24T23:30:00.000Z',
    ],
    [
      'twice in the overlap: the first (BST)',
      '2026-10-25',
      '01:30',
      'Europe/London',
      '2026-10-25T00:30:00.000Z',
    ],
    ['after the overlap', '2026-10-25', '02:30', 'Europe/London', '2026-10-25T02:30:00.000Z'],
    [
      'New York in the spring gap: 03:30 EDT',
      '2026-03-08',
      '02:30',
      'America/New_York',
      '2026-03-08T07:30:00.000Z',
    ],
    [
      'New York twice in the overlap: the first (EDT)',
      '2026-11-01',
      '01:30',
      'America/New_York',
      '2026-11-01T05:30:00.000Z',
    ],
    [
      'New York after the overlap (EST)',
      '2026-11-01',
      '02:00',
      'America/New_York',
      '2026-11-01T07:00:00.000Z',
    ],
    [
      'a zone east of UTC across midnight',
      '2026-12-07',
      '05:00',
      'Asia/Tokyo',
      '2026-12-06T20:00:00.000Z',
    ],
    ['UTC', '2026-12-07', '23:59', 'UTC', '2026-12-07T23:59:00.000Z'],
  ])('%s', (_why, date, time, zone, instant) => {
    expect(at(date, time, zone)).toBe(instant);
  });

  it.each([
    ['Europe/London', true],
    ['America/New_York', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['europe/london', false],
    ['+01:00', false],
    ['', false],
  ])('%s is a time zone: %s', (zone, known) => {
    expect(isTimeZone(zone)).toBe(known);
  });

  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['26-01-01', false],
  ])('%s is a date: %s', (text, valid) => {
    expect(parseLocalDate(text) !== undefined).toBe(valid);
  });

  it('gives the date in the zone at an instant', () => {
    expect(zonedDate(Date.parse('2026-12-06T20:00:00Z'), 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 12,
      day: 7,
    });
  });
});
