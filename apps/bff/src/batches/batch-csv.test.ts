import { BATCH_MAX_ROWS } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { delimiterOf, parseBatchCsv } from './batch-csv';

describe('parseBatchCsv', () => {
  it.each([
    ['commas', 'a,b\n1,2\n', ['a', 'b'], [['1', '2']]],
    ['semicolons, CRLF, a byte-order mark', '\uFEFFa;b\r\n1;2\r\n', ['a', 'b'], [['1', '2']]],
    [
      'quoted cells holding the separator, quotes and a line break',
      'a,b\n"x,y","say ""hi""\nthere"\n',
      ['a', 'b'],
      [['x,y', 'say "hi"\nthere']],
    ],
    ['a semicolon file whose cells hold commas', 'a;b\n1,50;2\n', ['a', 'b'], [['1,50', '2']]],
    [
      'blank lines skipped, spaces around cells trimmed',
      'a, b\n\n 1 , 2\n\n',
      ['a', 'b'],
      [['1', '2']],
    ],
  ])('reads %s', (_, text, columns, cells) => {
    const parsed = parseBatchCsv(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.columns).toEqual(columns);
    expect(parsed.rows.map((r) => r.cells)).toEqual(cells);
    expect(parsed.rows.map((r) => r.row)).toEqual(cells.map((_, i) => i + 1));
  });

  it.each([
    ['text that was not UTF-8', 'a,b\nM\uFFFDller,2\n', /not UTF-8/],
    ['a quote never closed', 'a,b\n"1,2\n3,4\n', /never closed/],
    ['no header', '\n\n', /no header/],
    ['a header column without a name', 'a,,b\n1,2,3\n', /Column 2 of the header has no name/],
    ['a column named twice', 'amount,Amount\n1,2\n', /names the column “Amount” twice/],
  ])('refuses the whole file for %s', (_, text, problem) => {
    const parsed = parseBatchCsv(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.join(' ')).toMatch(problem);
  });

  it('refuses a file of more rows than a batch holds, and reads one of exactly that many', () => {
    const rows = (n: number) => `a\n${'1\n'.repeat(n)}`;
    const over = parseBatchCsv(rows(BATCH_MAX_ROWS + 1));
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.problems[0]).toMatch(/more than 10,000 rows/);
    const at = parseBatchCsv(rows(BATCH_MAX_ROWS));
    expect(at.ok && at.rows.length).toBe(BATCH_MAX_ROWS);
  });

  it('marks the cell of a stray quote, and only that cell', () => {
    const parsed = parseBatchCsv('a,b,c\n1,ab"c,3\n"x"y,2,"ok ""quoted"""\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => r.strayQuotes)).toEqual([[1], [0]]);
  });

  it('keeps rows with too few or too many cells, for the row to say so', () => {
    const parsed = parseBatchCsv('a,b\n1\n1,2,3\n');
    expect(parsed.ok && parsed.rows.map((r) => r.cells.length)).toEqual([1, 3]);
  });
});

describe('delimiterOf', () => {
  it.each([
    ['a,b,c\n', ','],
    ['a;b;c\n', ';'],
    ['"x;y",b\n', ','],
    ['a;"x,y"\n', ';'],
    ['single\n', ','],
  ])('reads the header of %j as separated by %j', (text, delimiter) => {
    expect(delimiterOf(text)).toBe(delimiter);
  });
});
