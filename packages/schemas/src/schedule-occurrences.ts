/**
 * The occurrences of a series' timing (issue 63), as UTC instants: a pure function of the timing
 * and a window, the same in the form (the next occurrences shown before review) and in the
 * scheduler (what is due). Each local date makes at most one occurrence (ADR 034 for the clock
 * changes), and occurrences are numbered from 1 in the order they happen, the numbers a count
 * counts; a date left out (a weekend on business days only, a short month skipped) has none.
 */
import { WEEKDAYS, type ScheduleTiming } from './schedules';
import {
  addDays,
  compareLocalDates,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  parseLocalTime,
  weekday,
  zonedToEpoch,
  type LocalDate,
} from './primitives/zoned-time';

export interface Occurrence {
  /** 1 for the series' first occurrence, 2 for the next, and so on. */
  number: number;
  /** Its date in the series' time zone, `YYYY-MM-DD`. */
  date: string;
  /** Its instant, RFC 3339 in UTC. */
  at: string;
}

/** The dates a timing names, in order, before its end, count and business days apply. */
function* dates(timing: ScheduleTiming): Generator<LocalDate> {
  if (timing.frequency === 'once') {
    yield parseLocalDate(timing.date)!;
    return;
  }
  const start = parseLocalDate(timing.start_date)!;
  if (timing.frequency === 'monthly') {
    for (let months = 0; ; months += 1) {
      const year = start.year + Math.floor((start.month - 1 + months) / 12);
      const month = ((start.month - 1 + months) % 12) + 1;
      const last = daysInMonth(year, month);
      if (timing.day_of_month > last && timing.short_month === 'skip') continue;
      const date = { year, month, day: Math.min(timing.day_of_month, last) };
      if (compareLocalDates(date, start) >= 0) yield date;
    }
  }
  // ISO numbers (Monday 1 … Sunday 7) as `weekday`'s (Sunday 0).
  const days =
    timing.frequency === 'weekly'
      ? new Set(timing.weekdays.map((day) => (WEEKDAYS.indexOf(day) + 1) % 7))
      : undefined;
  for (let date = start; ; date = addDays(date, 1)) {
    if (!days || days.has(weekday(date))) yield date;
  }
}

const isWeekend = (date: LocalDate) => weekday(date) === 0 || weekday(date) === 6;

/**
 * The occurrences whose instant is in `[from, to)`, at most `limit` of them. `to` bounds the walk
 * of a series with no end; a window far past a series' start walks its dates since the start
 * (a few thousand a decade), which is what numbers its occurrences.
 */
export function occurrences(
  timing: ScheduleTiming,
  window: { from?: Date | number; to: Date | number; limit?: number },
): Occurrence[] {
  const from = window.from === undefined ? -Infinity : Number(window.from);
  const to = Number(window.to);
  const limit = window.limit ?? Infinity;
  const minutes = parseLocalTime(timing.time)!;
  const repeating = timing.frequency === 'once' ? undefined : timing;
  const end = repeating?.end_date === undefined ? undefined : parseLocalDate(repeating.end_date);
  const found: Occurrence[] = [];
  let number = 0;
  for (const date of dates(timing)) {
    if (found.length >= limit) break;
    if (end && compareLocalDates(date, end) > 0) break;
    if (repeating?.business_days_only && isWeekend(date)) continue;
    number += 1;
    if (repeating?.count !== undefined && number > repeating.count) break;
    const at = zonedToEpoch(date, minutes, timing.time_zone);
    // One instant per date, the dates in order: the instants are in order too.
    if (at >= to) break;
    if (at >= from) found.push({ number, date: formatLocalDate(date), at: iso(at) });
  }
  return found;
}

const iso = (epochMs: number) => new Date(epochMs).toISOString().replace('.000Z', 'Z');

/** How many occurrences a series has in all, or null when it has no end. */
export function occurrenceCount(timing: ScheduleTiming): number | null {
  if (timing.frequency === 'once') return 1;
  if (timing.count !== undefined) return timing.count;
  if (timing.end_date === undefined) return null;
  const after = addDays(parseLocalDate(timing.end_date)!, 2);
  return occurrences(timing, { to: Date.UTC(after.year, after.month - 1, after.day) }).length;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const list = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** The timing in words, as the form and the review show it before the dates. */
export function describeTiming(timing: ScheduleTiming): string {
  const at = `at ${timing.time} (${timing.time_zone})`;
  if (timing.frequency === 'once') return `Once, on ${timing.date} ${at}`;
  const what =
    timing.frequency === 'daily'
      ? timing.business_days_only
        ? 'Every business day'
        : 'Every day'
      : timing.frequency === 'weekly'
        ? `Every week on ${list(
            WEEKDAYS.filter((day) => timing.weekdays.includes(day))
              .filter((day) => !timing.business_days_only || (day !== 'sat' && day !== 'sun'))
              .map((day) => DAY_NAMES[WEEKDAYS.indexOf(day)]!),
          )}`
        : `Every month on day ${timing.day_of_month}${
            timing.day_of_month > 28
              ? timing.short_month === 'last_day'
                ? ' (the last day of shorter months)'
                : ' (none in shorter months)'
              : ''
          }${timing.business_days_only ? ', none on a weekend' : ''}`;
  const until =
    timing.count !== undefined
      ? `, ${timing.count} time${timing.count === 1 ? '' : 's'}`
      : timing.end_date !== undefined
        ? ` until ${timing.end_date}`
        : ', with no end';
  return `${what} ${at}, from ${timing.start_date}${until}`;
}
