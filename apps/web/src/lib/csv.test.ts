import { describe, expect, it } from 'vitest';
import { csvFileName, csvText } from './csv';

describe('a list as CSV', () => {
  it('writes the header, then a CRLF line per row, each cell through the formula guard', () => {
    const text = csvText(
      [
        { name: 'id', value: (r: { id: string; note: string }) => r.id },
        { name: 'note', value: (r) => r.note },
        { name: 'record', value: (r) => r },
      ],
      [
        { id: 'a-1', note: '=HYPERLINK("http://x")' },
        { id: 'a-2', note: 'two, words' },
      ],
    );
    expect(text).toBe(
      'id,note,record\r\n' +
        `a-1,"'=HYPERLINK(""http://x"")","{""id"":""a-1"",""note"":""=HYPERLINK(\\""http://x\\"")""}"\r\n` +
        'a-2,"two, words","{""id"":""a-2"",""note"":""two, words""}"\r\n',
    );
  });

  it('names the file by the list and the local time it was taken', () => {
    expect(csvFileName('orders', new Date(2026, 10, 26, 9, 5))).toBe('orders-2026-11-26T0905.csv');
  });
});
