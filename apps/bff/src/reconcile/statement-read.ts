/**
 * A statement's file read into the lines matching needs (issue 64): the batches' CSV reader
 * (`batch-csv.ts`, with its limits of size, rows, columns and cells) and their amount reader
 * (`1,250.00` is 1250.00), each row's mapped cells checked, every problem named by its row and
 * column. Of a row only the mapped fields are kept: an unmapped column (a counterparty's name, an
 * account number) is never read into a line. Pure, so that it runs in the batches' worker thread.
 */
import {
  DECIMAL_PATTERN,
  normalizeDecimal,
  STATEMENT_FIELDS,
  STATEMENT_REQUIRED_FIELDS,
  type StatementCellError,
  type StatementField,
  type StatementMapping,
} from '@console/schemas';
import { parseBatchCsv } from '../batches/batch-csv';

/** One line of a statement, as stored and matched. */
export interface StatementLine {
  /** The data row it came from (1-based). */
  line: number;
  /** The day it was booked, `YYYY-MM-DD` (UTC). */
  date: string;
  /** Unsigned decimal, as written (`1250.00`). */
  amount: string;
  asset: string;
  /** Money out of the account (a debit, a negative amount) or into it; null when not said. */
  direction: 'in' | 'out' | null;
  /** A `ref_id` or the service's transfer id, when the statement gives one. */
  reference: string | null;
  description: string | null;
}

export interface StatementRead {
  columns: string[];
  mapping: StatementMapping;
  unmapped: StatementField[];
  lines: StatementLine[];
  file_errors: string[];
  errors: StatementCellError[];
}

/** The words a header uses for each field, for a first proposal when no mapping is saved. */
const HEADER_WORDS: Record<StatementField, readonly string[]> = {
  date: ['date', 'booking date', 'value date', 'booked', 'posted', 'transaction date'],
  amount: ['amount', 'signed amount', 'value', 'net amount'],
  asset: ['asset', 'currency', 'ccy', 'coin'],
  reference: ['reference', 'ref', 'ref_id', 'ref id', 'transfer id', 'transaction id', 'id'],
  direction: ['direction', 'debit/credit', 'dr/cr', 'type', 'side'],
  description: ['description', 'narrative', 'details', 'memo'],
};

/** The columns by their names: each field to the first column named one of its words. */
export function proposeMapping(columns: readonly string[]): StatementMapping {
  const mapping: StatementMapping = {};
  const taken = new Set<StatementField>();
  for (const column of columns) {
    const name = column.trim().toLowerCase();
    const field = STATEMENT_FIELDS.find((f) => !taken.has(f) && HEADER_WORDS[f].includes(name));
    mapping[column] = field ?? '';
    if (field) taken.add(field);
  }
  return mapping;
}

/** A saved mapping applied to a header: its columns that are still there, the rest by name. */
export function mappingFor(
  columns: readonly string[],
  saved: StatementMapping | undefined,
): StatementMapping {
  if (!saved) return proposeMapping(columns);
  return Object.fromEntries(columns.map((c) => [c, saved[c] ?? '']));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `2026-12-07` or an ISO date-time as its UTC day; undefined for anything else. */
export function dayOf(text: string): string | undefined {
  const m = DAY.exec(text.trim());
  if (!m) return undefined;
  const at = text.length > 10 ? new Date(text.trim()) : new Date(`${text.trim()}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return undefined;
  const day = at.toISOString().slice(0, 10);
  // `2026-02-30` is no day, though Date rolls it over into March.
  return text.length > 10 || day === text.trim() ? day : undefined;
}

const OUT_WORDS = new Set(['out', 'debit', 'dr', 'd', 'withdrawal', 'sent']);
const IN_WORDS = new Set(['in', 'credit', 'cr', 'c', 'deposit', 'received']);

/** Reads a statement's file with `mapping` (a given one, else one by the columns' names). */
export function readStatement(text: string, given?: StatementMapping): StatementRead {
  const parsed = parseBatchCsv(text);
  if (!parsed.ok) {
    return {
      columns: [],
      mapping: {},
      unmapped: [],
      lines: [],
      file_errors: parsed.problems,
      errors: [],
    };
  }
  const { columns } = parsed;
  const mapping = mappingFor(columns, given);
  const columnOf = new Map<StatementField, { column: string; index: number }>();
  const file_errors: string[] = [];
  columns.forEach((column, index) => {
    const field = mapping[column];
    if (!field) return;
    if (columnOf.has(field)) file_errors.push(`Two columns are mapped to ${field}: map it once`);
    else columnOf.set(field, { column, index });
  });
  const unmapped = STATEMENT_REQUIRED_FIELDS.filter((f) => !columnOf.has(f));
  if (unmapped.length > 0 || file_errors.length > 0) {
    return { columns, mapping, unmapped, lines: [], file_errors, errors: [] };
  }
  const errors: StatementCellError[] = [];
  const lines: StatementLine[] = [];
  for (const row of parsed.rows) {
    const before = errors.length;
    const problem = (field: StatementField, message: string) =>
      errors.push({ row: row.row, column: columnOf.get(field)?.column ?? null, message });
    const cell = (field: StatementField) => {
      const at = columnOf.get(field);
      return at ? (row.cells[at.index] ?? '') : '';
    };
    if (row.cells.length !== columns.length) {
      errors.push({
        row: row.row,
        column: null,
        message: `The row has ${row.cells.length} cells; the header names ${columns.length}`,
      });
      continue;
    }
    const date = dayOf(cell('date'));
    if (!date) problem('date', 'Not a date: write it as 2026-12-07 (or an ISO date-time)');
    const written = normalizeDecimal(cell('amount').replace(/^\+/, ''), 'en');
    const negative = written.startsWith('-');
    const amount = negative ? normalizeDecimal(written.slice(1), 'en') : written;
    if (!DECIMAL_PATTERN.test(amount)) problem('amount', 'Not an amount: write it as 1250.00');
    const asset = cell('asset').toUpperCase();
    if (!/^[A-Z0-9]{2,12}$/.test(asset)) problem('asset', 'Not an asset code (USD, BTC)');
    let direction: StatementLine['direction'] = negative ? 'out' : null;
    if (columnOf.has('direction')) {
      const word = cell('direction').toLowerCase();
      if (OUT_WORDS.has(word)) direction = 'out';
      else if (IN_WORDS.has(word)) direction = 'in';
      else problem('direction', 'Say in or out (credit or debit)');
    }
    const reference = cell('reference');
    if (reference.length > 128) problem('reference', 'A reference is at most 128 characters');
    const description = cell('description');
    if (errors.length > before || !date) continue;
    lines.push({
      line: row.row,
      date,
      amount,
      asset,
      direction,
      reference: reference === '' ? null : reference,
      description: description === '' ? null : description.slice(0, 200),
    });
  }
  return { columns, mapping, unmapped, lines, file_errors, errors };
}
