import { describe, expect, it } from 'vitest';
import {
  HIDDEN,
  PERSONAL_FIELDS,
  kindOfPath,
  maskByKind,
  maskPersonalFields,
  type PersonalKind,
} from './personal-fields';

/** A sample value of each kind and what a masked reader sees of it. */
const SHOWN: Record<PersonalKind, [string, string]> = {
  name: ['Alice Moreau', 'A. M.'],
  date_of_birth: ['1984-04-12', HIDDEN],
  account_number: ['021000021456789', `${HIDDEN}6789`],
  street_address: ['12 Rue de Rivoli', HIDDEN],
  email: ['alice@example.com', `${HIDDEN}@example.com`],
  phone: ['+1 212 555 0188', `${HIDDEN}88`],
  free_text: ['Alice: call back', HIDDEN],
  non_personal: ['Market Making', 'Market Making'],
};

describe('masking by kind of data', () => {
  it.each(Object.entries(SHOWN))('shows a %s as %j', (kind, [value, shown]) => {
    expect(maskByKind(kind as PersonalKind, value)).toBe(shown);
  });

  // Every classified field, masked by its kind for a reader who sees masked values; a reader who
  // sees personal data gets the record whole (the BFF does not call the mask for them).
  it.each(Object.entries(PERSONAL_FIELDS))('masks the field %s as a %s', (field, kind) => {
    const [value, shown] = SHOWN[kind];
    expect(maskPersonalFields({ [field]: value })).toEqual({ [field]: shown });
    expect(kindOfPath(field)).toBe(kind);
  });

  it.each([
    ['Alice', 'A.'],
    ['Jean-Luc', 'J. L.'],
    ['', HIDDEN],
  ])('never shows more than initials of the name %j', (name, shown) => {
    expect(maskByKind('name', name)).toBe(shown);
  });

  it('masks a fiat account by kind: the country, routing type and flags whole', () => {
    const account = {
      id: 'f1',
      status: 'APPROVED',
      description: 'Market Making',
      fiat_account_owner: {
        person_details: { first_name: 'Alice', last_name: 'Moreau', date_of_birth: '1984-04-12' },
        fiat_account_owner_address: { address1: '12 Rue de Rivoli', city: 'Paris', country: 'FR' },
      },
      fiat_network_instructions: {
        wire: {
          account_number: '123456789',
          routing_details: { routing_number_type: 'ABA', routing_number: '021000021' },
          bank_name: 'First Bank',
          is_international: true,
        },
      },
      metadata: { ticket: 'ALICE-9911' },
    };
    expect(maskPersonalFields(account)).toEqual({
      id: 'f1',
      status: 'APPROVED',
      description: 'Market Making',
      fiat_account_owner: {
        person_details: { first_name: 'A.', last_name: 'M.', date_of_birth: HIDDEN },
        fiat_account_owner_address: { address1: HIDDEN, city: HIDDEN, country: 'FR' },
      },
      fiat_network_instructions: {
        wire: {
          account_number: `${HIDDEN}6789`,
          routing_details: { routing_number_type: 'ABA', routing_number: `${HIDDEN}0021` },
          bank_name: HIDDEN,
          is_international: true,
        },
      },
      metadata: { ticket: HIDDEN },
    });
  });

  it.each([
    [
      'a crypto address as text',
      { address: 'bc1qxy2kgdygjrsqtzq2n0yrf' },
      { address: `${HIDDEN}0yrf` },
    ],
    [
      'a nickname in the address book',
      { crypto_network: 'BITCOIN', nickname: 'Alice wallet' },
      { crypto_network: 'BITCOIN', nickname: HIDDEN },
    ],
    ['a profile nickname', { nickname: 'Treasury' }, { nickname: 'Treasury' }],
    [
      'an unclassified member of personal data',
      { person_details: { title: 'Dr' } },
      { person_details: { title: HIDDEN } },
    ],
  ])('masks %s', (_, value, shown) => {
    expect(maskPersonalFields(value)).toEqual(shown);
  });
});
