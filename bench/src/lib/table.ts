import type { Row } from './figure';

const HEADER = ['figure', 'value', 'baseline', 'ratio', 'goal', 'result'] as const;

function verdict(pass: boolean | null): string {
  if (pass === null) return '—';
  return pass ? 'pass' : 'FAIL';
}

/**
 * The one table, as Markdown with padded columns: readable in a terminal and pasted into the
 * README as it is.
 */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.figure,
    row.value,
    row.baseline,
    row.ratio,
    row.goal,
    verdict(row.pass),
  ]);
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: readonly string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(HEADER),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}
