/**
 * One CSV cell (RFC 4180), the same for every export of the console: the journal's, the audit
 * trail's, a batch's results and the reconciliation, written by the BFF, and each list's, written
 * in the browser. Keep it the only one: a second writer is a second place to forget the guard.
 *
 * The file's separator is `,`, but an operator may open it in a spreadsheet set to another (`;`
 * where the decimal mark is a comma, tab or `|` on import), which cuts a cell at that character.
 * So a cell holding any of those, a quote or a line break is quoted, and a formula (`=`, `+`,
 * `-`, `@`, tab or carriage return, after any spaces) gets a leading `'` wherever a piece of the
 * cell could begin: at its start and after each of those characters. No value the service or
 * another operator chose then runs as a formula, whatever the separator. A cell that is a
 * negative number and nothing else (`-40.00`) is left alone: it is a number, not a formula.
 * Objects are written as their JSON.
 *
 * @example
 * csvCell('a,b'); // '"a,b"'
 * csvCell('=HYPERLINK("x")'); // `"'=HYPERLINK(""x"")"`
 * csvCell('x;=HYPERLINK("x")'); // `"x;'=HYPERLINK(""x"")"`
 */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value);
  // A whole cell that is a negative decimal is a number to any spreadsheet, never a formula:
  // guarding it would turn an amount (`-40.00`) into text.
  if (/^-[0-9]*\.?[0-9]+$/.test(text)) return text;
  // Only looked at, never consumed, the characters around a piece's start: a tab or CR that
  // starts a formula is a separator in its turn, so `x;\t=1` is guarded before the tab and after.
  const guarded = text.replace(/(?<=^|[,;\t|\r\n])( *)(?=[=+\-@\t\r])/g, "'$1");
  return /[",;\t|\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One CSV line of cells, CRLF-terminated as RFC 4180 says. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
