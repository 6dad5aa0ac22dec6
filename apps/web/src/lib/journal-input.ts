import { isRecord, type JournalEntry, type WriteOperation } from '@console/schemas';

/**
 * The form input a journal entry was sent from: its exact body plus the path parameters read back
 * out of the request path (`/v2/profiles/{profile_id}/orders` → profile_id). Used by "Clone as new".
 */
export function inputFromJournal(op: WriteOperation, entry: JournalEntry): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(entry.request_body);
    if (isRecord(parsed)) body = parsed;
  } catch {
    // An unreadable body leaves an empty form rather than a broken one.
  }
  const names: string[] = [];
  const pattern = op.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/?]+)';
    });
  const match = new RegExp(`^${pattern}(?:\\?.*)?$`).exec(entry.request_path);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match?.[i + 1];
    if (value !== undefined) params[name] = decodeURIComponent(value);
  });
  // The reference id is dropped: a clone is a new intent and gets a fresh one.
  const { ref_id: _old, ...rest } = body;
  return { ...params, ...rest };
}
