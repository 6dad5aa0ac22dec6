import type { BatchRowCheck } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { keptColumns, keptRow, leftOutReason } from './batch-kept';

const columns = ['From', 'To', 'Amount', 'Beneficiary name', 'Note'];
const mapping = { From: 'from_profile_id', To: 'to_profile_id', Amount: 'amount', Note: '' };
const body = { from_profile_id: 'a', to_profile_id: 'b', asset: 'USD', amount: '12.50' };
const cells = {
  From: 'Treasury',
  To: 'Payouts',
  Amount: '12.50',
  'Beneficiary name': 'Grace Hopperton',
  Note: 'rent',
};
const problem = (column: string | null, message: string) => ({ column, field: null, message });
const row = (over: Partial<BatchRowCheck> = {}): BatchRowCheck => ({
  row: 7,
  cells,
  body,
  errors: [],
  ...over,
});

describe('what a batch keeps of its file', () => {
  it('keeps the mapped columns, in the file’s order, and nothing unmapped or mapped to no field', () => {
    expect(keptColumns(columns, mapping)).toEqual(['From', 'To', 'Amount']);
    expect(keptColumns(columns, {})).toEqual([]);
  });

  it.each([
    {
      name: 'a row sent keeps its mapped cells and its request',
      excluded: false,
      given: row(),
      stored: {
        row: 7,
        cells: { From: 'Treasury', To: 'Payouts', Amount: '12.50' },
        body,
        excluded: false,
        reason: null,
      },
    },
    {
      name: 'a row the operator excluded keeps its number and why, no cell and no request',
      excluded: true,
      given: row(),
      stored: { row: 7, cells: {}, body: null, excluded: true, reason: 'Excluded at upload.' },
    },
    {
      name: 'a row with problems keeps the problems in words, without the values they quote',
      excluded: true,
      given: row({
        body: null,
        errors: [
          problem('To', 'No profile is named “Grace Hopperton”'),
          problem(null, 'The row is a repeat of row 3'),
        ],
      }),
      stored: {
        row: 7,
        cells: {},
        body: null,
        excluded: true,
        reason:
          'Excluded at upload with problems: To: No profile is named “…”; The row is a repeat of row 3',
      },
    },
    {
      name: 'a row that makes no request is left out even when not excluded',
      excluded: false,
      given: row({ body: null, errors: [problem('Amount', 'Not a decimal')] }),
      stored: {
        row: 7,
        cells: {},
        body: null,
        excluded: true,
        reason: 'Excluded at upload with problems: Amount: Not a decimal',
      },
    },
  ])('$name', ({ excluded, given, stored }) => {
    expect(keptRow(given, excluded, keptColumns(columns, mapping))).toEqual(stored);
  });

  it('says why without quoting a cell, however many quotes a message holds', () => {
    const reason = leftOutReason(
      row({ errors: [problem('From', '“Ada” and “Alan” are both named “x”')] }),
    );
    expect(reason).toBe('Excluded at upload with problems: From: “…” and “…” are both named “…”');
  });
});
