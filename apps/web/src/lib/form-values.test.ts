import { operations } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequestInput } from './form-values';
import { requestShape } from './schema-walk';

describe('form values', () => {
  it('drops what was left empty, keeps amounts as typed', () => {
    expect(
      toRequestInput({
        from_profile_id: 'p',
        from_identity_id: '',
        amount: '1.50',
        metadata: [{ key: '', value: '' }],
        source: { crypto: { address: '' } },
      }),
    ).toEqual({ from_profile_id: 'p', amount: '1.50' });
  });

  it('turns metadata rows into an object and back', () => {
    expect(toRequestInput({ metadata: [{ key: 'a', value: '1' }] })).toEqual({
      metadata: { a: '1' },
    });
    const shape = requestShape(operations.updateFiatAccount);
    expect(
      toFormValues(shape, {
        metadata: { ticket: 'SUP-1' },
        fiat_network_instructions: { metadata: { k: 'v' } },
        not_a_field: 1,
      }),
    ).toEqual({
      metadata: [{ key: 'ticket', value: 'SUP-1' }],
      fiat_network_instructions: { metadata: [{ key: 'k', value: 'v' }] },
    });
  });
});
