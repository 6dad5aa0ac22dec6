import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvHeader } from './journal-csv';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [null, ''],
    [42, '42'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('has a CRLF-terminated header naming every column', () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });
});
