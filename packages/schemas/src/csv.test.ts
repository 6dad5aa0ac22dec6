import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

/*
 * A cell is opened by spreadsheets set to any separator (`,` in most locales, `;` where the
 * decimal mark is a comma, tab or `|` on import), so a formula must not start a cell nor any
 * piece of it that a separator other than the file's own would cut off.
 */
describe('one CSV cell', () => {
  it.each([
    // Plain values, and quoting for the file's own separator, quotes and line breaks.
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [true, 'true'],
    ['1234.50', '1234.50'],
    [{ a: 1 }, '"{""a"":1}"'],
    // Another locale's separators are quoted too, so that the cell stays one cell there.
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['a|b', '"a|b"'],
    // A formula at the start of the cell.
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    // A negative number is a number, whole cell and nothing else: left alone (issue 67).
    ['-2', '-2'],
    ['-40.00', '-40.00'],
    ['-.5', '-.5'],
    ['-2+3', "'-2+3"],
    ['-', "'-"],
    ['- 40', "'- 40"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', `"'\t'=1+1"`],
    ['\r=1+1', `"'\r'=1+1"`],
    [' =1+1', "' =1+1"],
    // A formula after any separator inside the cell: what a `;` (or tab, `|`, `,`) locale
    // splitting the cell would open as a formula.
    ['x;=HYPERLINK("http://evil.example")', `"x;'=HYPERLINK(""http://evil.example"")"`],
    ['x;+1', `"x;'+1"`],
    ['x; -1', `"x;' -1"`],
    ['x;@A1', `"x;'@A1"`],
    ['x,=1', `"x,'=1"`],
    ['x\t=1', `"x\t'=1"`],
    ['x|=1', `"x|'=1"`],
    ['x\n=1', `"x\n'=1"`],
    ['x\r\n=1', `"x\r\n'=1"`],
    ['a;=1;=2', `"a;'=1;'=2"`],
    ['x;\t=1', `"x;'\t'=1"`],
    ['=1;=2', `"'=1;'=2"`],
    // Not a formula: a sign or `=` that does not start a piece stays as it is.
    ['a=b;c', '"a=b;c"'],
    ['1-2', '1-2'],
    ['a@b.example', 'a@b.example'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('joins a line with commas, CRLF-terminated', () => {
    expect(csvLine(['a', 'x;=1', null, 3])).toBe(`a,"x;'=1",,3\r\n`);
  });
});
