import type { JournalEntry } from '@console/schemas';

/** The columns of the CSV export, in order. */
export const CSV_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'operation',
  'state',
  'operator',
  'operator_name',
  'ref_id',
  'method',
  'request_path',
  'response_status',
  'attempts',
  'error',
  'request_id',
  'body_sha256',
  'request_body',
  'response',
] as const satisfies readonly (keyof JournalEntry)[];

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, so that an operator opening the
 * export cannot be attacked through a value the service or another operator chose.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header line, CRLF-terminated as RFC 4180 says. */
export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

/** One entry as a CSV line. */
export function csvRow(entry: JournalEntry): string {
  return `${CSV_COLUMNS.map((column) => csvCell(entry[column])).join(',')}\r\n`;
}
