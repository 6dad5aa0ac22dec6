import dayjs from 'dayjs';

/*
 * Operators read times in their own time zone and check them in UTC: every time is shown local,
 * with the UTC form on hover and in the machine-readable attribute.
 */

// Only the zone's short name comes from Intl; the date itself is written year first, so that it
// reads the same for every operator and sorts as text.
const zoneName = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' });

/** A date from RFC 3339 text or Unix milliseconds (number or 13-digit text); null when unreadable. */
export function toDate(value: string | number): Date | null {
  const date =
    typeof value === 'number' || /^[0-9]{13}$/.test(value)
      ? new Date(Number(value))
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The zone's name as a time is labelled: at offset zero always "UTC", whatever the locale calls
 * it ("GMT", "GMT+0", "UTC"), so that a time reads in the same words as the UTC date fields and
 * hover text beside it (issue 60).
 */
export function zoneLabel(name: string | undefined, offsetMinutes: number): string | undefined {
  return offsetMinutes === 0 ? 'UTC' : name;
}

export function formatLocal(date: Date): string {
  const name = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  // getTimezoneOffset is negated (minutes to add to local to reach UTC); only zero matters here.
  const zone = zoneLabel(name, date.getTimezoneOffset());
  return `${dayjs(date).format('YYYY-MM-DD HH:mm:ss')}${zone ? ` ${zone}` : ''}`;
}

export function formatUtc(date: Date): string {
  return `${date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '')} UTC`;
}

/**
 * How old something read at `at` is by `now`, in words: "1 s old", "3 min old"; undefined when
 * `at` is unreadable. A clock a little ahead of the browser's reads as "just now".
 */
export function ageWords(at: string | number, now: number): string | undefined {
  const date = toDate(at);
  if (!date) return undefined;
  const seconds = Math.floor((now - date.getTime()) / 1000);
  if (seconds < 1) return 'just now';
  if (seconds < 120) return `${seconds} s old`;
  return `${Math.floor(seconds / 60)} min old`;
}

/** Picker text (`YYYY-MM-DD HH:mm:ss`, local) → 13-digit UTC milliseconds, as the service wants. */
export function pickerToMillis(value: string | null): string | undefined {
  if (!value) return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? String(parsed.valueOf()) : undefined;
}

/** 13-digit milliseconds → picker text in local time. */
export function millisToPicker(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[0-9]{13}$/.test(value)) return null;
  return dayjs(Number(value)).format('YYYY-MM-DD HH:mm:ss');
}
