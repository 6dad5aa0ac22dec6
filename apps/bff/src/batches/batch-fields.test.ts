import { describe, expect, it } from 'vitest';
import { mapColumns } from './batch-fields';

describe('a batch file’s columns', () => {
  it.each([
    ['From', 'from_profile_id'],
    ['To', 'to_profile_id'],
    ['Currency', 'asset'],
    ['Amount', 'amount'],
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
});
