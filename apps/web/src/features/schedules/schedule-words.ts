import {
  describeTiming,
  occurrences,
  zonedDate,
  zoneOffsetMinutes,
  formatLocalDate,
  type Occurrence,
  type Role,
  type Schedule,
  type ScheduleOccurrence,
  type ScheduleTiming,
  MONEY_ROLES,
} from '@console/schemas';
import { formatMoney } from '@/lib/format-amount';
import { multiply } from '@/lib/decimal';
import type { Tone } from '@/lib/status-words';

/*
 * Schedules in words (issue 63): a timing's next occurrences as the form shows them before
 * review, in the series' zone and the operator's, the review's sums, and the states of a series
 * and of its occurrences. The dates come from the schemas' `occurrences`, the very function the
 * scheduler sends by (ADR 034).
 */

/** Who reads schedules, and who makes, approves and acts on them: the BFF's route table. */
export const mayReadSchedules = (role: Role | undefined) =>
  role === 'admin' || role === 'finance' || role === 'auditor' || role === 'viewer';
export const mayActOnSchedules = (role: Role | undefined) =>
  role !== undefined && (MONEY_ROLES as readonly Role[]).includes(role);

const DAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * An instant as a wall time in `zone`: "Mon 2026-12-14 09:00 Europe/London", the date year first
 * as everywhere in the console, the weekday because a schedule is read by its days.
 */
export function wallTime(at: string | number, zone: string): string {
  const epoch = typeof at === 'number' ? at : Date.parse(at);
  const date = zonedDate(epoch, zone);
  const minutes = Math.round(epoch / 60_000) + zoneOffsetMinutes(zone, epoch);
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const hhmm = `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
  const weekday = DAY[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
  return `${weekday} ${formatLocalDate(date)} ${hhmm} ${zone}`;
}

/** The operator's own zone, as the browser reports it. */
export function operatorZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export interface OccurrenceWhen {
  number: number;
  at: string;
  /** In the series' zone. */
  there: string;
  /** In the operator's, when it is another zone; else null. */
  here: string | null;
}

/** One occurrence's time, in the series' zone and, when it differs, the operator's. */
export function whenOf(
  at: string,
  seriesZone: string,
  yourZone: string,
): Omit<OccurrenceWhen, 'number'> {
  return {
    at,
    there: wallTime(at, seriesZone),
    here: yourZone === seriesZone ? null : wallTime(at, yourZone),
  };
}

/** How many occurrences the form lists before review. */
export const SHOWN_NEXT = 5;

/**
 * The timing in words and its next occurrences from `now`, as the form shows them before review:
 * the ones the scheduler will send. None when the timing has no occurrence left.
 */
export function nextInWords(
  timing: ScheduleTiming,
  now: number,
  yourZone: string,
  count = SHOWN_NEXT,
): { words: string; next: OccurrenceWhen[] } {
  // Ten years is past any series' first occurrences; a series with no end is cut by `count`.
  const next: Occurrence[] = occurrences(timing, {
    from: now,
    to: now + 10 * 366 * 86_400_000,
    limit: count,
  });
  return {
    words: describeTiming(timing),
    next: next.map((o) => ({ number: o.number, ...whenOf(o.at, timing.time_zone, yourZone) })),
  };
}

export interface ReviewTotals {
  /** "1,250.00 USD". */
  perOccurrence: string;
  /** "12 occurrences", or "No end: every occurrence until cancelled". */
  count: string;
  /** "15,000.00 USD", or null for a series with no end. */
  total: string | null;
}

/**
 * The review's sums: the amount per occurrence, the number of occurrences and the total, in
 * decimal arithmetic (never a JavaScript number) and the operator's number format. Undefined
 * when the amount is not known (an operation whose amount is not one field).
 */
export function reviewTotals(
  amount: string | undefined,
  asset: string | undefined,
  count: number | null,
): ReviewTotals | undefined {
  if (amount === undefined || asset === undefined) return undefined;
  const total = count === null ? undefined : multiply(amount, String(count));
  if (count !== null && total === undefined) return undefined;
  return {
    perOccurrence: formatMoney(amount, asset),
    count:
      count === null
        ? 'No end: every occurrence until the schedule is cancelled'
        : `${count} occurrence${count === 1 ? '' : 's'}`,
    total: total === undefined ? null : formatMoney(total, asset),
  };
}

export const SCHEDULE_STATE_WORDS: Record<Schedule['state'], { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'good' },
  paused: { label: 'Paused', tone: 'attention' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** What a coming occurrence waits on, in words: it is the series' state that decides it. */
export function upcomingState(series: Schedule): { label: string; tone: Tone } {
  if (series.state === 'paused') {
    return { label: 'Paused: skipped unless resumed before', tone: 'attention' };
  }
  if (!series.in_force) return { label: 'Waits for approval', tone: 'waiting' };
  return { label: 'Scheduled', tone: 'good' };
}

/** A decided occurrence's outcome in words. */
export function outcomeWords(o: ScheduleOccurrence): { label: string; tone: Tone } {
  switch (o.state) {
    case 'journaled':
      if (o.journal_state === 'REJECTED') return { label: 'Failed', tone: 'bad' };
      if (o.journal_state === 'UNKNOWN') return { label: 'Outcome unknown', tone: 'attention' };
      return {
        label: o.late ? 'Sent late' : 'Sent',
        tone: o.journal_state === 'SUCCEEDED' ? 'good' : 'waiting',
      };
    case 'refused':
      return { label: 'Refused by the rules in force', tone: 'bad' };
    case 'skipped':
      return { label: 'Skipped', tone: 'neutral' };
    default:
      return { label: 'Upcoming', tone: 'waiting' };
  }
}
