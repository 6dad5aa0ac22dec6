import { describe, expect, it } from 'vitest';
import {
  BATCH_MAX_CELL_CHARS,
  BATCH_MAX_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_MAX_TEXT_CHARS,
  BatchFileNameSchema,
  batchTextProblem,
} from './batch-file';
import { BatchCheckRequestSchema } from './batch-check-api';

const request = (text: string) =>
  BatchCheckRequestSchema.safeParse({
    operation: 'createInternalTransfer',
    file_name: 'payouts.csv',
    text,
  });
const textIssue = (text: string) => {
  const parsed = request(text);
  return parsed.success
    ? undefined
    : parsed.error.issues.find((i) => i.path.join('.') === 'text')?.message;
};

describe('a batch file’s shape, refused before parsing', () => {
  it('refuses a header of more columns than a payout file has, naming the limit', () => {
    expect(textIssue(`${','.repeat(2_000_000)}\n`)).toBe(
      'The header has 2,000,001 columns; a batch file has at most 64',
    );
    expect(textIssue(`${'c,'.repeat(BATCH_MAX_COLUMNS - 1)}c\n`)).toBeUndefined();
    expect(textIssue(`${'c;'.repeat(BATCH_MAX_COLUMNS)}c\n`)).toMatch(/at most 64$/);
  });

  it('refuses a row of more cells than that, wherever it is', () => {
    expect(textIssue(`a,b\n1,2\n${','.repeat(100)}\n`)).toBe(
      'Line 3 has more than 64 cells; a batch file has at most 64 columns',
    );
    // A separator inside a quoted cell is text: `;` of a `,` file too.
    expect(textIssue(`a,b\n"${','.repeat(100)}",x\n1;${';'.repeat(100)}\n`)).toBeUndefined();
  });

  it('refuses a cell longer than a cell of a payout file, quoted or not', () => {
    const long = 'x'.repeat(BATCH_MAX_CELL_CHARS + 1);
    expect(textIssue(`a,b\n1,${long}\n`)).toBe(
      'A cell starting on line 2 is longer than 512 characters, the most a cell may hold',
    );
    expect(textIssue(`a,b\n1,"${'""'.repeat(BATCH_MAX_CELL_CHARS)}"\n`)).toMatch(
      /^A cell starting on line 2 is longer than 512 characters/,
    );
    expect(textIssue(`a,b\n1,${'x'.repeat(BATCH_MAX_CELL_CHARS)}\n`)).toBeUndefined();
    // A quote never closed makes the rest of the file one cell.
    expect(textIssue(`a,b\n1,"open\n${'2,3\n'.repeat(200)}`)).toMatch(/never closed/);
  });

  it('keeps every real file: a stray quote inside a cell is not taken as one opening', () => {
    expect(batchTextProblem(`a,b\n1,5" screen\n${'2,3\n'.repeat(500)}`)).toBeUndefined();
    expect(batchTextProblem('\uFEFFa;b\n"x;y";"say ""hi"""\n')).toBeUndefined();
  });

  it('sizes the text to what 10,000 real rows need', () => {
    expect(BATCH_MAX_TEXT_CHARS).toBe(4_000_000);
    const row = `Treasury,Payouts,USD,1234567.89,${'n'.repeat(340)}\n`;
    expect(row.length * BATCH_MAX_ROWS).toBeLessThanOrEqual(BATCH_MAX_TEXT_CHARS);
    expect(textIssue('a'.repeat(BATCH_MAX_TEXT_CHARS + 1))).toBe(
      'The file is too large (at most 4,000,000 characters): split it into smaller files',
    );
  });
});

describe('a batch file name', () => {
  it.each([
    'payouts.csv',
    'Zahlungen März (2).csv',
    'payouts 2025-03_final [v1.2], EU+UK.csv',
    'выплаты.csv',
  ])('keeps %s', (name) => {
    expect(BatchFileNameSchema.parse(name)).toBe(name);
  });

  it.each([
    'payouts <!channel> <https://evil.example/approve?batch=1|Approve this batch here>.csv',
    'payouts\r\nBcc: someone@evil.example.csv',
    'payouts\tmarch.csv',
    'R&D.csv',
    'a/b.csv',
    'payouts\u202Evsc.csv',
    '   ',
  ])('refuses %j, naming file_name', (name) => {
    const parsed = BatchCheckRequestSchema.safeParse({
      operation: 'createInternalTransfer',
      file_name: name,
      text: 'a\n',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['file_name']);
  });
});
