/**
 * A time as a message says it: to the second, as the console's pages do (an ISO string's
 * milliseconds and `T…Z` read as machine output), in the reader's time zone where the console
 * knows it, else in UTC, and always labelled with its zone, since a message is read away from the
 * page that would show the zone on hover.
 */

/** `2026-11-26 09:00:00 UTC`, or `2026-11-26 10:00:00 GMT+1` in `Europe/Paris`; text as it is when unreadable. */
export function messageTime(iso: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ?? 'UTC';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const label = zone === 'UTC' ? 'UTC' : `${parts.timeZoneName ?? ''} (${zone})`.trim();
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${label}`;
}
