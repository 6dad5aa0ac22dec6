/**
 * Checks a batch file row by row, as a single send of its operation would be checked: each row
 * becomes the request body its mapped cells make (names resolved to ids), validated by the
 * operation's own request schema, and each problem is put in the cell it comes from. Valid rows
 * are summed per asset and per destination with decimals, and written out in one canonical text,
 * whose hash is what the batch's approval is given to.
 */
import {
  assetPrecision,
  batchFieldsOf,
  cellReadingsOf,
  mapColumns,
  METADATA_FIELD,
  metadataKeyOf,
  normalizeDecimal,
  operations,
  parseWith,
  unmappedRequired,
  type CellReading,
  type BatchCellError,
  type BatchCheck,
  type BatchMapping,
  type BatchOperation,
  type BatchRowCheck,
} from '@console/schemas';
import { checkBalances, type Balances } from './batch-balances';
import { parseBatchCsv, type ParsedRow } from './batch-csv';
import { canonicalJson, normalizedRows, totalsOf } from './batch-totals';

export { canonicalJson, normalizedRows, totalsOf } from './batch-totals';
export { sourceProfilesOf, type Balances } from './batch-balances';

/** Turns names in cells into ids, from directories the caller read once for the whole file. */
export interface BatchNames {
  /**
   * Resolves a cell of a field that accepts a name (profile nickname, identity or account name,
   * book entry) to an id; `{ error }` when nothing or more than one thing has that name;
   * undefined when the field takes no name or the cell is already an id.
   */
  resolve(field: string, cell: string): { id: string } | { error: string } | undefined;
  /** The name an id goes by (a book entry's, else a profile's nickname...), for the totals. */
  label?(id: string): string | undefined;
}

/** Names resolved by nobody: every cell is taken as it is written. */
export const NO_NAMES: BatchNames = { resolve: () => undefined };

export interface BatchFileInput {
  operation: BatchOperation;
  text: string;
  /** The operator's mapping for this upload, if they gave one. */
  mapping?: BatchMapping;
  /** The mapping this operator used last for a file with the same header. */
  remembered?: BatchMapping;
  names: BatchNames;
  /** Available balances of the source profiles; without them, balances are left to the service. */
  balances?: Balances;
  now: () => number;
}

export type CheckedFile = Omit<
  BatchCheck,
  'already_uploaded' | 'changes' | 'mapping_remembered'
> & {
  /** The canonical text of the valid rows, one JSON line `{"row":n,"body":{…}}` per row. */
  normalized: string;
};

/** Sets `value` at a dotted `path` of `body`, making the objects on the way. */
function setAt(body: Record<string, unknown>, path: string, value: string): void {
  const parts = path.split('.');
  let at = body;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next === 'object' && next !== null) at = next as Record<string, unknown>;
    else {
      const made: Record<string, unknown> = {};
      at[part] = made;
      at = made;
    }
  }
  at[parts.at(-1)!] = value;
}

interface RowContext {
  operation: BatchOperation;
  columns: string[];
  mapping: BatchMapping;
  readings: ReadonlyMap<string, CellReading>;
  names: BatchNames;
  now: () => number;
}

/**
 * A cell as the single form would take it (issue 67): `1,250.00` as 1250.00 (a file carries no
 * locale: a comma groups, a dot is the decimal point), `usd` as USD when USD is an asset the
 * console knows. Anything else is taken as written, for the schema to explain.
 */
export function readCell(reading: CellReading | undefined, cell: string): string {
  if (reading === 'decimal') return normalizeDecimal(cell, 'en');
  if (reading === 'asset') {
    const code = cell.trim().toUpperCase();
    return assetPrecision(code) === undefined ? cell : code;
  }
  return cell;
}

/** The column a field's problem belongs in: the one mapped to the path or to a parent of it. */
function columnOf(context: RowContext, path: string): string | null {
  let best: string | null = null;
  let bestLength = -1;
  for (const column of context.columns) {
    const field = context.mapping[column];
    if (!field) continue;
    const target = field === METADATA_FIELD ? `metadata.${metadataKeyOf(column)}` : field;
    const matches =
      path === target || path.startsWith(`${target}.`) || target.startsWith(`${path}.`);
    if (matches && target.length > bestLength) {
      best = column;
      bestLength = target.length;
    }
  }
  return best;
}

function checkRow(context: RowContext, parsed: ParsedRow): BatchRowCheck {
  const { columns, mapping } = context;
  const cells: Record<string, string> = {};
  const errors: BatchCellError[] = [];
  columns.forEach((column, i) => {
    cells[column] = parsed.cells[i] ?? '';
  });
  if (parsed.cells.length !== columns.length) {
    errors.push({
      column: null,
      field: null,
      message: `This row has ${parsed.cells.length} cells; the header has ${columns.length} (line ${parsed.line})`,
    });
  }
  for (const index of parsed.strayQuotes) {
    const column = columns[index] ?? null;
    errors.push({
      column,
      field: column ? mapping[column] || null : null,
      message:
        'A quote inside a cell that is not quoted as a whole: quote the whole cell and double the quotes inside it',
    });
  }
  const body: Record<string, unknown> = {};
  const readAs: Record<string, string> = {};
  for (const column of columns) {
    const field = mapping[column];
    const typed = cells[column]!;
    if (!field || typed === '') continue;
    const cell = readCell(context.readings.get(field), typed);
    if (cell !== typed) readAs[column] = cell;
    if (field === METADATA_FIELD) {
      const metadata = (body.metadata ?? {}) as Record<string, string>;
      body.metadata = { ...metadata, [metadataKeyOf(column)]: cell };
      continue;
    }
    const named = context.names.resolve(field, cell);
    if (named && 'error' in named) {
      errors.push({ column, field, message: named.error });
      continue;
    }
    setAt(body, field, named ? named.id : cell);
  }
  const operation = operations[context.operation];
  const parsedBody = parseWith(operation.requestAt(context.now()), body);
  if (!parsedBody.ok) {
    for (const error of parsedBody.errors) {
      const column = columnOf(context, error.path);
      // A problem of a field whose name the operator's cell did not resolve is already said.
      if (column && errors.some((e) => e.column === column)) continue;
      errors.push({ column, field: error.path || null, message: error.message });
    }
  }
  return {
    row: parsed.row,
    cells,
    ...(Object.keys(readAs).length > 0 ? { read_as: readAs } : {}),
    body: errors.length === 0 ? body : null,
    errors,
  };
}

/** A later row whose request is the same as an earlier one's: most likely keyed in twice. */
function markDuplicates(rows: BatchRowCheck[]): void {
  const first = new Map<string, number>();
  for (const row of rows) {
    if (!row.body) continue;
    const key = canonicalJson(row.body);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, row.row);
      continue;
    }
    row.errors.push({
      column: null,
      field: null,
      message: `The same request as row ${earlier}: exclude one of them, or tell them apart (a metadata column, for example)`,
    });
    row.body = null;
  }
}

/** Parses and checks a batch file. Never throws for what the file holds: problems are in the answer. */
export function checkBatchFile(input: BatchFileInput): CheckedFile {
  const fields = batchFieldsOf(input.operation);
  const empty = {
    operation: input.operation,
    fields,
    rows: [],
    valid_rows: 0,
    invalid_rows: 0,
    totals: [],
    by_destination: [],
    rows_hash: '',
    normalized: '',
  };
  const parsed = parseBatchCsv(input.text);
  if (!parsed.ok) {
    return {
      ...empty,
      columns: [],
      mapping: {},
      mapping_needed: false,
      file_errors: parsed.problems,
    };
  }
  const mapping = mapColumns(input.operation, parsed.columns, input.mapping, input.remembered);
  const missing = unmappedRequired(input.operation, mapping);
  if (missing.length > 0) {
    return {
      ...empty,
      columns: parsed.columns,
      mapping,
      mapping_needed: true,
      file_errors: [
        `No column is mapped to ${missing.map((f) => f.label).join(', ')}: map the file’s columns to the request’s fields`,
      ],
    };
  }
  if (parsed.rows.length === 0) {
    return {
      ...empty,
      columns: parsed.columns,
      mapping,
      mapping_needed: false,
      file_errors: ['The file has a header but no rows'],
    };
  }
  const context: RowContext = {
    ...input,
    columns: parsed.columns,
    mapping,
    readings: cellReadingsOf(input.operation),
  };
  const rows = parsed.rows.map((row) => checkRow(context, row));
  markDuplicates(rows);
  if (input.balances) {
    checkBalances(input.operation, rows, input.balances, (field) => columnOf(context, field));
  }
  const valid = rows.filter((r) => r.body);
  const { totals, by_destination } = totalsOf(input.operation, valid, (id) =>
    input.names.label?.(id),
  );
  return {
    ...empty,
    columns: parsed.columns,
    mapping,
    mapping_needed: false,
    file_errors: [],
    rows,
    valid_rows: valid.length,
    invalid_rows: rows.length - valid.length,
    totals,
    by_destination,
    normalized: normalizedRows(rows),
  };
}
