import type { ScheduleTiming } from '@console/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextInWords, reviewTotals, wallTime } from './schedule-words';

const weekly: ScheduleTiming = {
  frequency: 'weekly',
  weekdays: ['mon', 'thu'],
  time: '09:00',
  time_zone: 'Europe/London',
  start_date: '2026-12-01',
  business_days_only: false,
};

describe('wallTime', () => {
  it.each([
    ['2026-12-14T09:00:00Z', 'Europe/London', 'Mon 2026-12-14 09:00 Europe/London'],
    ['2026-12-14T09:00:00Z', 'America/New_York', 'Mon 2026-12-14 04:00 America/New_York'],
    // Across midnight the date moves too.
    ['2026-12-14T23:30:00Z', 'Asia/Tokyo', 'Tue 2026-12-15 08:30 Asia/Tokyo'],
    // Summer time in London is UTC+1.
    ['2026-07-01T08:00:00Z', 'Europe/London', 'Wed 2026-07-01 09:00 Europe/London'],
    ['2026-12-14T09:00:00Z', 'UTC', 'Mon 2026-12-14 09:00 UTC'],
  ])('%s in %s is %s', (at, zone, words) => {
    expect(wallTime(at, zone)).toBe(words);
  });
});

describe('nextInWords', () => {
  const now = Date.parse('2026-12-08T12:00:00Z');
  it.each<[string, ScheduleTiming, string, string, (string | null)[][]]>([
    [
      'weekly on two days, the operator elsewhere',
      weekly,
      'America/New_York',
      'Every week on Monday and Thursday at 09:00 (Europe/London), from 2026-12-01, with no end',
      [
        ['Thu 2026-12-10 09:00 Europe/London', 'Thu 2026-12-10 04:00 America/New_York'],
        ['Mon 2026-12-14 09:00 Europe/London', 'Mon 2026-12-14 04:00 America/New_York'],
        ['Thu 2026-12-17 09:00 Europe/London', 'Thu 2026-12-17 04:00 America/New_York'],
      ],
    ],
    [
      'the operator in the series zone: one time only',
      { ...weekly, count: 3 },
      'Europe/London',
      'Every week on Monday and Thursday at 09:00 (Europe/London), from 2026-12-01, 3 times',
      // Two of the three (2026-12-03 and 12-07) are before now: one is left.
      [['Thu 2026-12-10 09:00 Europe/London', null]],
    ],
    [
      'monthly on the 31st, short months on their last day',
      {
        frequency: 'monthly',
        day_of_month: 31,
        short_month: 'last_day',
        time: '17:00',
        time_zone: 'UTC',
        start_date: '2027-01-01',
        business_days_only: false,
      },
      'UTC',
      'Every month on day 31 (the last day of shorter months) at 17:00 (UTC), from 2027-01-01, with no end',
      [
        ['Sun 2027-01-31 17:00 UTC', null],
        ['Sun 2027-02-28 17:00 UTC', null],
        ['Wed 2027-03-31 17:00 UTC', null],
      ],
    ],
    [
      'once, already past: nothing left',
      { frequency: 'once', date: '2026-12-01', time: '10:00', time_zone: 'UTC' },
      'UTC',
      'Once, on 2026-12-01 at 10:00 (UTC)',
      [],
    ],
  ])('%s', (_, timing, zone, words, dates) => {
    const shown = nextInWords(timing, now, zone, 3);
    expect(shown.words).toBe(words);
    expect(shown.next.map((o) => [o.there, o.here])).toEqual(dates);
  });
});

describe('reviewTotals', () => {
  afterEach(() => vi.unstubAllGlobals());
  it.each<
    [string, string | undefined, string | undefined, number | null, string, object | undefined]
  >([
    [
      'twelve months of a fiat amount',
      '1250.50',
      'USD',
      12,
      'en-US',
      {
        perOccurrence: '1,250.50 USD',
        count: '12 occurrences',
        total: '15,006.00 USD',
      },
    ],
    // 0.1 × 3 is 0.3 exactly: decimal arithmetic, never a binary float's 0.30000000000000004.
    [
      'a crypto amount',
      '0.1',
      'BTC',
      3,
      'en-US',
      {
        perOccurrence: '0.1 BTC',
        count: '3 occurrences',
        total: '0.3 BTC',
      },
    ],
    [
      'the operator’s number format',
      '1250.5',
      'EUR',
      2,
      'de-DE',
      {
        perOccurrence: '1.250,50 EUR',
        count: '2 occurrences',
        total: '2.501,00 EUR',
      },
    ],
    [
      'once',
      '99.99',
      'USD',
      1,
      'en-US',
      {
        perOccurrence: '99.99 USD',
        count: '1 occurrence',
        total: '99.99 USD',
      },
    ],
    [
      'no end: no total',
      '10',
      'USD',
      null,
      'en-US',
      {
        perOccurrence: '10.00 USD',
        count: 'No end: every occurrence until the schedule is cancelled',
        total: null,
      },
    ],
    ['an amount not known', undefined, 'USD', 4, 'en-US', undefined],
    ['not a decimal', '1e3', 'USD', 4, 'en-US', undefined],
  ])('%s', (_, amount, asset, count, locale, expected) => {
    vi.stubGlobal('navigator', { language: locale });
    expect(reviewTotals(amount, asset, count)).toEqual(expected);
  });
});
