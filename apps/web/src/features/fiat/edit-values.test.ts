import { operations } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { requestShape } from '@/lib/schema-walk';
import { editValues, shownMembers } from './edit-values';

const shape = requestShape(operations.updateFiatAccount);
const account = {
  id: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701',
  status: 'APPROVED',
  created_at: '2026-01-01T00:00:00Z',
  fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
  fiat_network_instructions: {
    wire: { account_number: '400123456789', routing_details: { bank_name: 'First Demo Bank' } },
    surprise_rail: { x: '1' },
  },
  metadata: { seeded: 'true' },
};

describe('editValues: the form opens with what the service holds', () => {
  it('fills the members an update can change, metadata as rows', () => {
    const { form } = editValues(shape, account);
    expect(form).toEqual({
      fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
      fiat_network_instructions: {
        wire: { account_number: '400123456789', routing_details: { bank_name: 'First Demo Bank' } },
      },
      metadata: [{ key: 'seeded', value: 'true' }],
    });
  });

  it('compares with the same values in request form, without status, times or unknown rails', () => {
    const { baseline } = editValues(shape, account);
    expect(baseline).toEqual({
      fiat_account_owner: account.fiat_account_owner,
      fiat_network_instructions: { wire: account.fiat_network_instructions.wire },
      metadata: { seeded: 'true' },
    });
    expect(shownMembers(baseline, 'fiat_network_instructions')).toEqual(['wire']);
    expect(shownMembers(baseline, 'fiat_account_owner')).toEqual(['person_details']);
  });
});
