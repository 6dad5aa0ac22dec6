import { describe, expect, it } from 'vitest';
import { fiatAccountName, lastDigits, ownerOf, railAndDigits, railOf } from './fiat-account-words';

const listed = {
  fiat_network_instructions: {
    wire: { account_number: 'XXXX6789', routing_details: { bank_name: 'First Demo Bank' } },
  },
};
const full = {
  ...listed,
  fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
};

describe('a fiat account in words', () => {
  it('names the rail and the last digits, as the list shows them', () => {
    expect(railOf(listed)).toBe('wire');
    expect(railAndDigits(listed)).toBe('Wire ending 6789');
    expect(
      railAndDigits({ fiat_network_instructions: { cbit: { wallet_address: '0xabcDBA72' } } }),
    ).toBe('CBIT ending BA72');
    expect(railAndDigits({ fiat_network_instructions: {} })).toBe('No instructions');
  });

  it('names the owner when the record carries it, else the bank', () => {
    expect(fiatAccountName(full)).toBe('Acme Corporation · Wire ending 6789');
    expect(fiatAccountName(listed)).toBe('First Demo Bank · Wire ending 6789');
    expect(
      ownerOf({ fiat_account_owner: { institution_details: { name: 'Initech Ltd' } } }),
    ).toEqual({
      kind: 'institution',
      name: 'Initech Ltd',
    });
    expect(ownerOf(listed)).toEqual({ kind: undefined, name: undefined });
  });

  it('takes the last four characters of a full or a listed number', () => {
    expect(lastDigits('400123456789')).toBe('6789');
    expect(lastDigits('XXXX6789')).toBe('6789');
    expect(lastDigits(undefined)).toBeUndefined();
  });
});
