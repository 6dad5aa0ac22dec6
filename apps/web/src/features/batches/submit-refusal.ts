import type { BatchCellError, ConsoleProblem } from '@console/schemas';

/** A refused submit, read for the page: row problems go into the table, the rest is said. */
export interface SubmitRefusal {
  /** `422`: problems of rows, by row number, as the table shows them. */
  rows: Map<number, BatchCellError[]>;
  /** Problems that name no row. */
  other: string[];
  /** `409 batch-already-uploaded`: the batch that holds these rows. */
  alreadyUploaded: string | null;
  problem: ConsoleProblem;
}

/** `rows.<n>.<column>` (the column as the header names it, dots and all), or `rows.<n>`. */
const ROW_PATH = /^rows\.(\d+)(?:\.(.+))?$/;

/**
 * What the BFF's refusal of a submit says: each `rows.<n>.<column>` error lands in its cell, a
 * `batch-already-uploaded` conflict names the batch (from the problem, or else from the check
 * that showed it).
 */
export function readRefusal(problem: ConsoleProblem, knownBatch: string | null): SubmitRefusal {
  const rows = new Map<number, BatchCellError[]>();
  const other: string[] = [];
  for (const error of problem.errors ?? []) {
    const match = ROW_PATH.exec(error.path);
    if (!match) {
      other.push(error.path ? `${error.path}: ${error.message}` : error.message);
      continue;
    }
    const row = Number(match[1]);
    const column = match[2] ?? null;
    rows.set(row, [...(rows.get(row) ?? []), { column, field: null, message: error.message }]);
  }
  const conflict = problem.status === 409 && problem.code === 'batch-already-uploaded';
  return {
    rows,
    other,
    alreadyUploaded: conflict ? (problem.batch_id ?? knownBatch) : null,
    problem,
  };
}
