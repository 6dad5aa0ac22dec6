import { describe, expect, it } from 'vitest';
import {
  describeTiming,
  occurrenceCount,
  occurrences,
  ScheduleTimingSchema,
  type ScheduleTimingInput,
} from './index';

const timing = (input: ScheduleTimingInput) => ScheduleTimingSchema.parse(input);
const FAR = Date.parse('2030-01-01T00:00:00Z');
const instants = (input: ScheduleTimingInput, window: { from?: string; to?: string } = {}) =>
  occurrences(timing(input), {
    ...(window.from && { from: Date.parse(window.from) }),
    to: window.to ? Date.parse(window.to) : FAR,
  }).map((o) => `${o.number} ${o.at}`);

const daily = { frequency: 'daily', time: '09:00', time_zone: 'UTC' } as const;

describe('the occurrences of a timing, as UTC instants', () => {
  it.each<[string, ScheduleTimingInput, string[]]>([
    [
      'once, at a wall time in New York',
      { frequency: 'once', date: '2026-12-24', time: '17:00', time_zone: 'America/New_York' },
      ['1 2026-12-24T22:00:00Z'],
    ],
    [
      'daily, a count of 3',
      { ...daily, start_date: '2026-12-07', count: 3 },
      ['1 2026-12-07T09:00:00Z', '2 2026-12-08T09:00:00Z', '3 2026-12-09T09:00:00Z'],
    ],
    [
      'daily, an end date (inclusive)',
      { ...daily, start_date: '2026-12-30', end_date: '2027-01-01' },
      ['1 2026-12-30T09:00:00Z', '2 2026-12-31T09:00:00Z', '3 2027-01-01T09:00:00Z'],
    ],
    [
      'daily across London going to summer time: same wall time, an hour earlier in UTC',
      { ...daily, time_zone: 'Europe/London', start_date: '2026-03-28', count: 3 },
      ['1 2026-03-28T09:00:00Z', '2 2026-03-29T08:00:00Z', '3 2026-03-30T08:00:00Z'],
    ],
    [
      'daily at 01:30 London across the fall-back: the first 01:30 on the day it is twice',
      { ...daily, time: '01:30', time_zone: 'Europe/London', start_date: '2026-10-24', count: 3 },
      ['1 2026-10-24T00:30:00Z', '2 2026-10-25T00:30:00Z', '3 2026-10-26T01:30:00Z'],
    ],
    [
      'daily at 02:30 New York across the spring gap: 03:30 EDT on the day 02:30 does not exist',
      {
        ...daily,
        time: '02:30',
        time_zone: 'America/New_York',
        start_date: '2026-03-07',
        count: 3,
      },
      ['1 2026-03-07T07:30:00Z', '2 2026-03-08T07:30:00Z', '3 2026-03-09T06:30:00Z'],
    ],
    [
      'daily on business days only: the weekend left out, not counted',
      { ...daily, start_date: '2026-12-11', count: 3, business_days_only: true },
      ['1 2026-12-11T09:00:00Z', '2 2026-12-14T09:00:00Z', '3 2026-12-15T09:00:00Z'],
    ],
    [
      'weekly on Monday and Friday in New York',
      {
        frequency: 'weekly',
        weekdays: ['fri', 'mon'],
        time: '09:00',
        time_zone: 'America/New_York',
        start_date: '2026-12-08',
        count: 4,
      },
      [
        '1 2026-12-11T14:00:00Z',
        '2 2026-12-14T14:00:00Z',
        '3 2026-12-18T14:00:00Z',
        '4 2026-12-21T14:00:00Z',
      ],
    ],
    [
      'weekly on Saturday and Monday, business days only: Mondays alone',
      {
        frequency: 'weekly',
        weekdays: ['sat', 'mon'],
        time: '09:00',
        time_zone: 'UTC',
        start_date: '2026-12-07',
        count: 2,
        business_days_only: true,
      },
      ['1 2026-12-07T09:00:00Z', '2 2026-12-14T09:00:00Z'],
    ],
    [
      'monthly on the 31st, last day of short months, through February and into summer time',
      {
        frequency: 'monthly',
        day_of_month: 31,
        short_month: 'last_day',
        time: '10:00',
        time_zone: 'Europe/London',
        start_date: '2027-01-01',
        count: 4,
      },
      [
        '1 2027-01-31T10:00:00Z',
        '2 2027-02-28T10:00:00Z',
        '3 2027-03-31T09:00:00Z',
        '4 2027-04-30T09:00:00Z',
      ],
    ],
    [
      'monthly on the 31st, short months skipped',
      {
        frequency: 'monthly',
        day_of_month: 31,
        short_month: 'skip',
        time: '10:00',
        time_zone: 'UTC',
        start_date: '2027-01-01',
        count: 3,
      },
      ['1 2027-01-31T10:00:00Z', '2 2027-03-31T10:00:00Z', '3 2027-05-31T10:00:00Z'],
    ],
    [
      'monthly on the 30th in a leap February: the 29th',
      {
        frequency: 'monthly',
        day_of_month: 30,
        short_month: 'last_day',
        time: '10:00',
        time_zone: 'UTC',
        start_date: '2028-02-01',
        count: 1,
      },
      ['1 2028-02-29T10:00:00Z'],
    ],
    [
      'monthly from mid-month: the first is next month when the day has passed',
      {
        frequency: 'monthly',
        day_of_month: 10,
        short_month: 'skip',
        time: '10:00',
        time_zone: 'UTC',
        start_date: '2026-12-15',
        count: 1,
      },
      ['1 2027-01-10T10:00:00Z'],
    ],
    [
      'monthly on business days only: a 10th on a Saturday (2027-04-10) is left out',
      {
        frequency: 'monthly',
        day_of_month: 10,
        short_month: 'skip',
        business_days_only: true,
        time: '10:00',
        time_zone: 'UTC',
        start_date: '2027-03-01',
        count: 2,
      },
      ['1 2027-03-10T10:00:00Z', '2 2027-05-10T10:00:00Z'],
    ],
  ])('%s', (_why, input, expected) => {
    expect(instants(input)).toEqual(expected);
  });

  it('numbers occurrences from the series start whatever the window', () => {
    const input = { ...daily, start_date: '2026-12-01' };
    expect(instants(input, { from: '2026-12-05T09:00:00Z', to: '2026-12-07T09:00:00Z' })).toEqual([
      '5 2026-12-05T09:00:00Z',
      '6 2026-12-06T09:00:00Z',
    ]);
  });

  it('stops at the limit asked', () => {
    const found = occurrences(timing({ ...daily, start_date: '2026-12-01' }), {
      to: FAR,
      limit: 5,
    });
    expect(found.map((o) => o.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it.each<[string, ScheduleTimingInput, number | null]>([
    ['once', { frequency: 'once', date: '2026-12-24', time: '17:00', time_zone: 'UTC' }, 1],
    ['a count', { ...daily, start_date: '2026-12-01', count: 12 }, 12],
    ['an end date', { ...daily, start_date: '2026-12-01', end_date: '2026-12-31' }, 31],
    [
      'an end date on business days',
      { ...daily, start_date: '2026-12-01', end_date: '2026-12-31', business_days_only: true },
      23,
    ],
    ['no end', { ...daily, start_date: '2026-12-01' }, null],
  ])('counts the occurrences of %s', (_why, input, count) => {
    expect(occurrenceCount(timing(input))).toBe(count);
  });
});

describe('a timing is refused in words', () => {
  it.each<[string, unknown, string]>([
    [
      'an unknown zone',
      { ...daily, time_zone: 'Mars/Olympus', start_date: '2026-12-01' },
      'Time zone must be a named zone such as Europe/London',
    ],
    [
      'an offset for a zone',
      { ...daily, time_zone: '+01:00', start_date: '2026-12-01' },
      'Time zone must be a named zone such as Europe/London',
    ],
    [
      'a date that does not exist',
      { ...daily, start_date: '2026-02-30' },
      'Start date must be a date such as 2026-12-31',
    ],
    [
      '24:00',
      { ...daily, time: '24:00', start_date: '2026-12-01' },
      'Time must be a 24-hour time such as 09:30',
    ],
    [
      'an end before the start',
      { ...daily, start_date: '2026-12-01', end_date: '2026-11-30' },
      'End date must be on or after the start date',
    ],
    [
      'an end and a count',
      { ...daily, start_date: '2026-12-01', end_date: '2026-12-30', count: 3 },
      'Give an end date or a count, not both',
    ],
    ['a count of 0', { ...daily, start_date: '2026-12-01', count: 0 }, 'Count must be at least 1'],
    [
      'no weekday',
      { ...daily, frequency: 'weekly', weekdays: [], start_date: '2026-12-01' },
      'Choose at least one weekday',
    ],
    [
      'a weekday twice',
      { ...daily, frequency: 'weekly', weekdays: ['mon', 'mon'], start_date: '2026-12-01' },
      'A weekday can be chosen once',
    ],
    [
      'weekends only on business days',
      {
        ...daily,
        frequency: 'weekly',
        weekdays: ['sun'],
        business_days_only: true,
        start_date: '2026-12-01',
      },
      'On business days only, choose at least one day from Monday to Friday',
    ],
    [
      'a 32nd',
      {
        ...daily,
        frequency: 'monthly',
        day_of_month: 32,
        short_month: 'skip',
        start_date: '2026-12-01',
      },
      'Day of the month must be 1 to 31',
    ],
    [
      'no short-month rule',
      { ...daily, frequency: 'monthly', day_of_month: 31, start_date: '2026-12-01' },
      'Short months must be last_day or skip',
    ],
  ])('%s', (_why, input, message) => {
    const result = ScheduleTimingSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('a timing in words', () => {
  it.each<[ScheduleTimingInput, string]>([
    [
      { frequency: 'once', date: '2026-12-24', time: '17:00', time_zone: 'America/New_York' },
      'Once, on 2026-12-24 at 17:00 (America/New_York)',
    ],
    [
      { ...daily, start_date: '2026-12-01', business_days_only: true },
      'Every business day at 09:00 (UTC), from 2026-12-01, with no end',
    ],
    [
      {
        ...daily,
        frequency: 'weekly',
        weekdays: ['fri', 'mon', 'wed'],
        start_date: '2026-12-01',
        count: 10,
      },
      'Every week on Monday, Wednesday and Friday at 09:00 (UTC), from 2026-12-01, 10 times',
    ],
    [
      {
        ...daily,
        frequency: 'monthly',
        day_of_month: 31,
        short_month: 'last_day',
        start_date: '2026-12-01',
        end_date: '2027-12-31',
      },
      'Every month on day 31 (the last day of shorter months) at 09:00 (UTC), from 2026-12-01 until 2027-12-31',
    ],
  ])('%j', (input, words) => {
    expect(describeTiming(timing(input))).toBe(words);
  });
});
