/**
 * True for a JSON object (not null, not an array): what a service body, a problem's `meta` or a
 * parsed request must be before its members are read. The one definition every package uses.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
