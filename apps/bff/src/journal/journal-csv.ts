// The one cell writer of every export, the formula guard included (tested beside it).
import { csvLine, journalFacts, type JournalEntry } from '@console/schemas';

type Row = { entry: JournalEntry; facts: ReturnType<typeof journalFacts> };

/**
 * The columns of the CSV export, in order: flat columns a spreadsheet filters and sums on (amount
 * and asset read from the exact body), then the journal's own record, then the raw JSON last.
 */
const COLUMNS: readonly [string, (row: Row) => unknown][] = [
  ['operation', (r) => r.entry.operation],
  ['state', (r) => r.entry.state],
  ['operator', (r) => r.entry.operator],
  ['time', (r) => r.entry.created_at],
  ['ref_id', (r) => r.entry.ref_id],
  ['amount', (r) => r.facts.amount],
  ['asset', (r) => r.facts.asset],
  ['profile', (r) => r.facts.profile_id],
  ['service_status', (r) => r.facts.service_status],
  ['record_id', (r) => r.facts.record_id],
  ['id', (r) => r.entry.id],
  ['operator_name', (r) => r.entry.operator_name],
  ['updated_at', (r) => r.entry.updated_at],
  ['http_status', (r) => r.entry.response_status],
  ['attempts', (r) => r.entry.attempts],
  ['error', (r) => r.entry.error],
  ['request_id', (r) => r.entry.request_id],
  ['method', (r) => r.entry.method],
  ['request_path', (r) => r.entry.request_path],
  ['body_sha256', (r) => r.entry.body_sha256],
  ['request_body', (r) => r.entry.request_body],
  ['response', (r) => r.entry.response],
];

/** The column names of the CSV export, in order. */
export const CSV_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

/** The header line, CRLF-terminated as RFC 4180 says. */
export function csvHeader(): string {
  return csvLine(CSV_COLUMNS);
}

/** One entry as a CSV line. */
export function csvRow(entry: JournalEntry): string {
  const row = { entry, facts: journalFacts(entry) };
  return csvLine(COLUMNS.map(([, read]) => read(row)));
}
