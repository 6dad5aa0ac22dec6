import { csvLine } from '@console/schemas';
import { downloadText } from './download';

/**
 * The CSV export of a list, written in the browser from the rows the list shows (its filters
 * applied, the pages loaded so far): flat columns a spreadsheet filters and sums on, as the
 * journal's CSV has them, each cell through the one writer with its formula guard (`csvCell` of
 * @console/schemas).
 */

/** One column: its snake_case name and how a row gives its value (amounts exact, never numbers). */
export interface CsvColumn<T> {
  name: string;
  value: (row: T) => unknown;
}

/** The header and one line per row, CRLF-terminated. */
export function csvText<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return (
    csvLine(columns.map((c) => c.name)) +
    rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('')
  );
}

/** `orders-2026-11-26T2130.csv`: what it is and when it was taken, in the operator's time. */
export function csvFileName(list: string, at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${list}-${day}T${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}

/** Hands the text to the browser as a download, UTF-8 without a byte order mark as the journal's. */
export function downloadCsv(fileName: string, text: string): void {
  downloadText(fileName, text, 'text/csv;charset=utf-8');
}
