/**
 * Wall-clock dates and times in a named time zone, and the UTC instants they stand for (issue 63).
 * The offsets come from the time zone database through `Intl` (the same in Node and browsers),
 * never from a table of our own; what this module decides is only what a wall time means when the
 * zone's clocks jump (ADR 034, after RFC 5545 §3.3.5 and `Temporal`'s `compatible`):
 *
 * - a time that does not exist (inside a spring-forward gap) is read with the offset in force
 *   before the gap, so it lands as far after the gap's start as it was meant to: 01:30 on the
 *   day London's clocks go from 01:00 to 02:00 is 02:30 BST;
 * - a time that occurs twice (inside a fall-back overlap) is the first of the two, the earlier
 *   instant: 01:30 on the day London's clocks go back is 01:30 BST, not an hour later.
 *
 * So each local date gives one instant, never none and never two.
 */

/** A calendar date with no zone: what a series' start, end and each occurrence's day are. */
export interface LocalDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, built once: building them is the costly part of asking `Intl`. */
function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** An IANA zone name (Region/City, or UTC) that the time zone database knows. */
export function isTimeZone(zone: string): boolean {
  // Offsets such as +01:00 are refused: a series follows a place's clocks, with their changes.
  if (!/^(?:UTC|[A-Z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (London in summer: 60). */
export function zoneOffsetMinutes(zone: string, epochMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  // Seconds are what the formatter shows; the instant's milliseconds are not part of the offset.
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / MINUTE_MS);
}

/** The UTC instant (epoch ms) of a wall time in a zone, by the gap and overlap rules above. */
export function zonedToEpoch(date: LocalDate, minutes: number, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  // The offsets in force a day either side: a zone changes its clocks at most once within them.
  const before = zoneOffsetMinutes(zone, wall - DAY_MS);
  const after = zoneOffsetMinutes(zone, wall + DAY_MS);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - zoneOffsetMinutes(zone, instant) * MINUTE_MS === instant);
  // Twice (an overlap): the first. Never (a gap): read with the offset before the gap.
  return valid.length > 0 ? Math.min(...valid) : wall - before * MINUTE_MS;
}

/** The zone's calendar date at an instant. */
export function zonedDate(epochMs: number, zone: string): LocalDate {
  const shifted = new Date(epochMs + zoneOffsetMinutes(zone, epochMs) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD`. */
export const formatLocalDate = (d: LocalDate) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** A `YYYY-MM-DD` text as a date, or undefined when it is not one (2026-02-30 is not). */
export function parseLocalDate(text: string): LocalDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** `HH:MM` (00:00 to 23:59) as minutes after midnight, or undefined. */
export function parseLocalTime(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date `days` after (or before) another, on the calendar (no zone, no clock change). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** 0 for Sunday to 6 for Saturday, as `Date#getDay`. */
export function weekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Negative, zero or positive as `a` is before, the same as or after `b`. */
export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
