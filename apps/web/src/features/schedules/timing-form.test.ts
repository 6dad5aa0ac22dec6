import { describe, expect, it } from 'vitest';
import { timingOf, validTiming, type TimingValues } from './timing-form';

const base: TimingValues = {
  frequency: 'weekly',
  date: '2027-01-04',
  time: '09:00',
  time_zone: 'Europe/London',
  start_date: '2027-01-04',
  ends: 'never',
  end_date: '2027-03-01',
  count: 4,
  weekdays: ['mon'],
  day_of_month: 31,
  short_month: 'skip',
  business_days_only: false,
  catch_up: 'send_once',
};

describe('the timing the form makes', () => {
  it.each<[string, Partial<TimingValues>, Record<string, unknown>]>([
    [
      'once: only its date, time and zone',
      { frequency: 'once' },
      { frequency: 'once', date: '2027-01-04', time: '09:00', time_zone: 'Europe/London' },
    ],
    [
      'weekly with no end: neither an end date nor a count',
      {},
      {
        frequency: 'weekly',
        time: '09:00',
        time_zone: 'Europe/London',
        start_date: '2027-01-04',
        business_days_only: false,
        weekdays: ['mon'],
      },
    ],
    [
      'daily ending on a date: the date, never the count typed before',
      { frequency: 'daily', ends: 'on' },
      {
        frequency: 'daily',
        time: '09:00',
        time_zone: 'Europe/London',
        start_date: '2027-01-04',
        business_days_only: false,
        end_date: '2027-03-01',
      },
    ],
    [
      'monthly after a count: the day and the short-month rule',
      { frequency: 'monthly', ends: 'after' },
      {
        frequency: 'monthly',
        time: '09:00',
        time_zone: 'Europe/London',
        start_date: '2027-01-04',
        business_days_only: false,
        count: 4,
        day_of_month: 31,
        short_month: 'skip',
      },
    ],
  ])('%s', (_, change, timing) => {
    expect(timingOf({ ...base, ...change })).toEqual(timing);
    expect(validTiming({ ...base, ...change })).toBeDefined();
  });

  it.each<[string, Partial<TimingValues>]>([
    ['no weekday chosen', { weekdays: [] }],
    ['a time that is not one', { time: '25:00' }],
    ['a zone that is an offset', { time_zone: '+01:00' }],
    ['an end before the start', { ends: 'on', end_date: '2026-12-31' }],
    ['a count left empty', { ends: 'after', count: '' }],
    ['no day of the month', { frequency: 'monthly', day_of_month: '' }],
    ['weekends only, on business days only', { weekdays: ['sat'], business_days_only: true }],
  ])('is not valid with %s', (_, change) => {
    expect(validTiming({ ...base, ...change })).toBeUndefined();
  });
});
