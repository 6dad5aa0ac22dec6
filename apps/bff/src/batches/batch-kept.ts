/**
 * What a batch keeps of its file (issue 55, finding 2): the columns mapped to a field of the
 * request, and of a row left out at upload nothing but its number and why. A payout file often
 * carries more than the send needs (a beneficiary's name, a note for the accountant); the
 * console has no use for it, so it never holds it, and no role, export or backup can show it.
 */
import type { BatchMapping, BatchRowCheck } from '@console/schemas';
import type { NewBatchRow } from './batch-store';

/** The file's columns mapped to a field, in the file's order. */
export function keptColumns(columns: readonly string[], mapping: BatchMapping): string[] {
  return columns.filter((column) => (mapping[column] ?? '') !== '');
}

/** `cells` with only the `kept` columns. */
export function keptCells(
  cells: Record<string, string>,
  kept: readonly string[],
): Record<string, string> {
  return Object.fromEntries(kept.filter((c) => c in cells).map((c) => [c, cells[c]!]));
}

/**
 * Why a row was left out, in words that quote none of its cells: a problem's message may quote
 * the value it refused (`No identity is named “…”`), which is the row's content.
 */
export function leftOutReason(row: BatchRowCheck): string {
  if (row.errors.length === 0) return 'Excluded at upload.';
  const problems = row.errors.map((e) => {
    const message = e.message.replace(/“[^”]*”/g, '“…”');
    return e.column === null ? message : `${e.column}: ${message}`;
  });
  return `Excluded at upload with problems: ${problems.join('; ')}`;
}

/** What is stored of a checked row: its kept cells and request, or only why it was left out. */
export function keptRow(
  row: BatchRowCheck,
  excluded: boolean,
  kept: readonly string[],
): NewBatchRow {
  if (excluded || row.body === null) {
    return { row: row.row, cells: {}, body: null, excluded: true, reason: leftOutReason(row) };
  }
  return {
    row: row.row,
    cells: keptCells(row.cells, kept),
    body: row.body,
    excluded: false,
    reason: null,
  };
}
