import { z } from 'zod';

/*
 * What a batch file may be before anything parses it (issue 39): its size, its columns and
 * cells, found by one pass over its text, and the name it is stored under, the same refusals in
 * the browser as in the BFF.
 */

/** The most data rows one file may hold; a longer file is refused whole and nothing is stored. */
export const BATCH_MAX_ROWS = 10_000;
/**
 * The largest file (its text) the BFF reads: 10 000 rows of up to 400 characters each (a payout
 * row of ids, an amount, an asset and a note is well under 200).
 */
export const BATCH_MAX_TEXT_CHARS = 4_000_000;
/** The most columns a file's header (and cells a row) may have: no payout file has more. */
export const BATCH_MAX_COLUMNS = 64;
/** The longest cell a file may hold: ids, amounts, addresses and notes are far shorter. */
export const BATCH_MAX_CELL_CHARS = 512;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;

/**
 * What makes a file no payout file is, found by one pass over its text before anything parses
 * it (a CSV parser's time grows faster than linearly with the cells of one record): more than
 * `BATCH_MAX_COLUMNS` columns in the header or cells in a row, or a cell longer than
 * `BATCH_MAX_CELL_CHARS`. Quotes are read as the parser reads them: a quote opens a cell only at
 * its start, `""` inside is one quote. Undefined when the file has none of these.
 */
export function batchTextProblem(text: string): string | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const columns = BATCH_MAX_COLUMNS.toLocaleString('en');
  const cellChars = BATCH_MAX_CELL_CHARS.toLocaleString('en');
  // The separator is the one of `,` and `;` the header uses more (as the parser decides it).
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && (c === LF || c === CR)) break;
    else if (!quoted && c === COMMA) commas += 1;
    else if (!quoted && c === SEMICOLON) semicolons += 1;
  }
  const separator = semicolons > commas ? SEMICOLON : COMMA;
  const headerColumns = Math.max(commas, semicolons) + 1;
  if (headerColumns > BATCH_MAX_COLUMNS) {
    return `The header has ${headerColumns.toLocaleString('en')} columns; a batch file has at most ${columns}`;
  }
  let line = 1;
  let cellLine = 1;
  let cells = 1;
  let length = 0;
  quoted = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) line += 1;
    if (quoted) {
      length += 1;
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          i += 1;
          length += 1;
        } else quoted = false;
      }
    } else if (c === separator) {
      cells += 1;
      length = 0;
      if (cells > BATCH_MAX_COLUMNS) {
        return `Line ${line.toLocaleString('en')} has more than ${columns} cells; a batch file has at most ${columns} columns`;
      }
      continue;
    } else if (c === LF || c === CR) {
      cells = 1;
      length = 0;
      continue;
    } else {
      if (c === QUOTE && length === 0) quoted = true;
      length += 1;
    }
    if (length === 1) cellLine = line;
    if (length > BATCH_MAX_CELL_CHARS) {
      return `A cell starting on line ${cellLine.toLocaleString('en')} is longer than ${cellChars} characters, the most a cell may hold${quoted ? ' (a quote opened there is never closed, or the cell is too long)' : ''}`;
    }
  }
  return undefined;
}

/**
 * What a batch's file name may hold: letters and digits of any script, spaces, and `. , _ - + ( )
 * [ ]`. The name is written into messages (an approver's email subject, the room's chat post),
 * where `<`, `>`, `&`, `!`, `|`, `@`, `:` or `/` could make an alert or a link, and a line
 * break a header; no payout file needs them. An empty name is `min`'s to refuse, once.
 */
export const BATCH_FILE_NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,_+()[\]-]*$/u;

export const BATCH_FILE_NAME_RULE =
  'A file name may hold letters, digits, spaces and . , _ - + ( ) [ ] only: rename the file.';

export const BatchFileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the rows a name.' })
  .max(255, { error: 'A file name may be at most 255 characters.' })
  .regex(BATCH_FILE_NAME_PATTERN, { error: BATCH_FILE_NAME_RULE });
