/**
 * A batch file's text as a header and rows of cells (RFC 4180, by `csv-parse`): UTF-8 with or
 * without a byte-order mark, `,` or `;` between cells (the one the header uses), quoted cells,
 * blank lines skipped. What cannot be read at all (a quote never closed, no header, more rows than
 * a batch may hold, text that was not UTF-8) is a problem of the file; a quote inside a cell that
 * is not quoted, or a row with more or fewer cells than the header, is a problem of that cell or
 * row, so that the operator sees every one of them at once.
 */
import { BATCH_MAX_ROWS, batchTextProblem } from '@console/schemas';
import { parse } from 'csv-parse/sync';

export interface ParsedRow {
  /** 1-based number of the data row. */
  row: number;
  /** The line of the file the row starts on, for messages. */
  line: number;
  cells: string[];
  /** Indexes of cells holding a stray quote. */
  strayQuotes: number[];
}

export type ParsedFile =
  | { ok: true; columns: string[]; rows: ParsedRow[]; delimiter: ',' | ';' }
  | { ok: false; problems: string[] };

/** The separator the header uses: the one of `,` and `;` that occurs more often outside quotes. */
export function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

interface CastContext {
  quoting: boolean;
  lines: number;
  index: number;
  records: number;
}

/**
 * Reads the file. Cells are trimmed of spaces around them (a space after the separator is how
 * people write CSV by hand); nothing else in a cell is changed.
 */
export function parseBatchCsv(text: string): ParsedFile {
  if (text.includes('\uFFFD')) {
    return {
      ok: false,
      problems: [
        'The file is not UTF-8 text (some bytes could not be read as UTF-8): save it as “CSV UTF-8” and upload it again',
      ],
    };
  }
  // What no payout file has (a header of thousands of columns, a cell of pages) is refused by a
  // scan before the parser, whose time grows faster than linearly with one record's cells.
  const shape = batchTextProblem(text);
  if (shape) return { ok: false, problems: [shape] };
  const delimiter = delimiterOf(text.replace(/^\uFEFF/, ''));
  const stray = new Map<number, number[]>();
  let records: string[][];
  let lines: number[] = [];
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // Past the most rows a batch holds (plus its header and one to tell), stop reading.
      to: BATCH_MAX_ROWS + 2,
      cast: (value: string, context: CastContext) => {
        // Unquoted with a quote inside, or a quoted cell with text after its closing quote (the
        // parser then keeps the quotes): a quote the writer did not mean as CSV quoting.
        if ((!context.quoting && value.includes('"')) || (context.quoting && value.startsWith('"')))
          stray.set(context.records, [...(stray.get(context.records) ?? []), context.index]);
        return value;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
    records = parsed.map((p) => p.record);
    lines = parsed.map((p) => p.info.lines);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const line = (error as { lines?: number }).lines;
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      return {
        ok: false,
        problems: [
          `A quote opened${line ? ` by line ${line}` : ''} is never closed: the rest of the file would be one cell`,
        ],
      };
    }
    return {
      ok: false,
      problems: [`The file could not be read as CSV${line ? ` (line ${line})` : ''}`],
    };
  }
  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { ok: false, problems: ['The file has no header row naming its columns'] };
  }
  if (data.length > BATCH_MAX_ROWS) {
    return {
      ok: false,
      problems: [
        `The file has more than ${BATCH_MAX_ROWS.toLocaleString('en')} rows: split it into batches of at most ${BATCH_MAX_ROWS.toLocaleString('en')}`,
      ],
    };
  }
  const columns = header.map((cell) => cell.trim());
  const problems = headerProblems(columns);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    delimiter,
    columns,
    rows: data.map((cells, i) => ({
      row: i + 1,
      line: lines[i + 1] ?? i + 2,
      cells: cells.map((cell) => cell.trim()),
      strayQuotes: stray.get(i + 1) ?? [],
    })),
  };
}

function headerProblems(columns: string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  columns.forEach((column, i) => {
    if (column === '') problems.push(`Column ${i + 1} of the header has no name`);
    else if (seen.has(column.toLowerCase()))
      problems.push(`The header names the column “${column}” twice`);
    seen.add(column.toLowerCase());
  });
  return problems;
}
