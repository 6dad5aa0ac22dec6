import { operations } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { requestShape } from '@/lib/schema-walk';
import { changeLabel, updateLines } from './changes';

const shape = requestShape(operations.updateFiatAccount);
const account = {
  fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
  fiat_network_instructions: {
    wire: { account_number: '400123456789', routing_details: { bank_name: 'First Demo Bank' } },
  },
  metadata: { seeded: 'true' },
  status: 'APPROVED',
};

describe('a change in the form’s words', () => {
  it.each([
    ['fiat_account_owner.person_details.last_name', 'Account owner › Person details › Last name'],
    [
      'fiat_network_instructions.wire.routing_details.bank_name',
      'Network instructions › Wire › Routing details › Bank name',
    ],
    ['metadata.ticket', 'Metadata: ticket'],
    [
      'fiat_network_instructions.metadata.note',
      'Network instructions › Instructions metadata: note',
    ],
  ])('%s', (path, label) => {
    expect(changeLabel(shape, path)).toBe(label);
  });
});

describe('updateLines: old → new, as the service applies the update', () => {
  it('lists each changed member once, old and new', () => {
    const lines = updateLines(
      shape,
      account,
      {
        id: 'f-1',
        fiat_account_owner: { person_details: { last_name: 'Lovelace' } },
        metadata: { seeded: 'true', ticket: 'SUP-1' },
      },
      ['id'],
    );
    expect(lines.map((l) => [l.label, l.before, l.after])).toEqual([
      ['Account owner › Person details › Last name', 'Corporation', 'Lovelace'],
      ['Metadata: ticket', undefined, 'SUP-1'],
    ]);
  });

  it('shows a metadata pair left out as removed, since metadata is replaced whole', () => {
    const lines = updateLines(shape, account, { metadata: { ticket: 'SUP-1' } }, ['id']);
    expect(lines.map((l) => [l.path, l.before, l.after])).toEqual([
      ['metadata.ticket', undefined, 'SUP-1'],
      ['metadata.seeded', 'true', undefined],
    ]);
  });

  it('shows nothing for members the update leaves out, nor for the record’s id', () => {
    expect(updateLines(shape, account, { id: 'f-1' }, ['id'])).toEqual([]);
  });
});
