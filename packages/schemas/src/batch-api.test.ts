import { describe, expect, it } from 'vitest';
import { BatchCheckRequestSchema, BatchFileNameSchema } from './batch-api';

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
