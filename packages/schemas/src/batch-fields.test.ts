import { describe, expect, it } from 'vitest';
import { BATCH_OPERATIONS } from './batch-states';
import {
  batchFieldsOf,
  cellReadingsOf,
  commonHeadersOf,
  mapColumns,
  templateHeaderOf,
} from './batch-fields';

describe('a batch file’s columns', () => {
  it.each([
    ['From', 'from_profile_id'],
    ['To', 'to_profile_id'],
    ['Currency', 'asset'],
    ['Amount', 'amount'],
    ['Reference', 'metadata.*'],
    ['from_profile_id', 'from_profile_id'],
    ['Shoe size', ''],
  ])('maps the common header %j of a transfer to %j', (header, field) => {
    expect(mapColumns('createInternalTransfer', [header])[header]).toBe(field);
  });

  it('takes a named field before a common header of the same field', () => {
    expect(mapColumns('createInternalTransfer', ['asset', 'Currency'])).toEqual({
      asset: 'asset',
      Currency: '',
    });
  });

  it.each([
    ['createInternalTransfer', { amount: 'decimal', asset: 'asset' }],
    ['createSvcTransfer', { amount: 'decimal', asset: 'asset' }],
  ] as const)('reads the amount and asset cells of %s as its form does', (operation, readings) => {
    expect(Object.fromEntries(cellReadingsOf(operation))).toMatchObject(readings);
  });

  it.each(BATCH_OPERATIONS)('offers for %s a template whose header maps to every field', (op) => {
    const header = templateHeaderOf(op);
    const mapping = mapColumns(op, header);
    const fields = batchFieldsOf(op).filter((f) => f.path !== 'metadata.*');
    expect(Object.values(mapping).sort()).toEqual(fields.map((f) => f.path).sort());
    // The required fields come first.
    const required = fields.filter((f) => f.required).length;
    expect(header.slice(0, required).every((p) => fields.find((f) => f.path === p)?.required)).toBe(
      true,
    );
  });

  it.each(BATCH_OPERATIONS)('says for %s only common headers that map to their field', (op) => {
    for (const [path, headers] of commonHeadersOf(op)) {
      for (const header of headers) expect(mapColumns(op, [header])[header]).toBe(path);
    }
  });
});
