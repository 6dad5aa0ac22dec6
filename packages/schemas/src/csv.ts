/**
 * One CSV cell (RFC 4180), the same for every export of the console: the journal's, written by
 * the BFF, and each list's, written in the browser. A cell that a spreadsheet would run as a
 * formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, so that
 * an operator opening the export cannot be attacked through a value the service or another
 * operator chose. Objects are written as their JSON.
 *
 * @example
 * csvCell('a,b'); // '"a,b"'
 * csvCell('=HYPERLINK("x")'); // `"'=HYPERLINK(""x"")"`
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

/** One CSV line of cells, CRLF-terminated as RFC 4180 says. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
