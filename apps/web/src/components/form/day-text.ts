/** How every day is written in a field: the one pattern that reads the same in every locale. */
export const DAY_FORMAT = 'YYYY-MM-DD';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day typed or kept as `YYYY-MM-DD`, or null: any other spelling (`12/06/2026`, which is June
 * to some and December to others) is refused rather than guessed, and so is a day no calendar
 * has (`2026-02-30`).
 */
export function parseDay(text: string | null | undefined): string | null {
  const match = DAY.exec((text ?? '').trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real =
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? `${match[1]}-${match[2]}-${match[3]}` : null;
}
