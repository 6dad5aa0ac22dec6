import { describe, expect, it } from 'vitest';
import { parseWith } from '../errors';
import { updateFiatAccount } from './update-fiat-account';

const schema = updateFiatAccount.requestAt(1_790_000_000_000);
const errors = (body: Record<string, unknown>) => {
  const result = parseWith(schema, { id: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701', ...body });
  return result.ok ? [] : result.errors;
};
const paths = (body: Record<string, unknown>) => errors(body).map((e) => e.path);
const address = (extra: Record<string, unknown> = {}) => ({
  country: 'US',
  city: 'New York',
  ...extra,
});
const wire = (w: Record<string, unknown>) => ({ fiat_network_instructions: { wire: w } });

describe('Update Fiat Account: the rules of the appendix', () => {
  it('needs the country in every address object', () => {
    expect(paths(wire({ fiat_account_owner_address: { city: 'Boston' } }))).toEqual([
      'fiat_network_instructions.wire.fiat_account_owner_address.country',
    ]);
    const bank = { routing_details: { bank_address: { city: 'Boston' } } };
    expect(paths(wire(bank))).toEqual([
      'fiat_network_instructions.wire.routing_details.bank_address.country',
    ]);
    expect(paths(wire({ fiat_account_owner_address: address() }))).toEqual([]);
  });

  it.each([
    ['35 characters', 'A'.repeat(35), true],
    ['36 characters', 'A'.repeat(36), false],
    ['the allowed punctuation', "Flat 2/B (rear), St. John's & Co + 1-3: ok?", false],
    ['a short line of every allowed sign', "2/B (rear), St. J's & Co + 1-3:?", true],
    ['a #', 'Suite #5', false],
    ['an accent', 'Zürich', false],
    ['a line break', 'line\nbreak', false],
  ])('an address field with %s', (_name, value, ok) => {
    const found = errors(wire({ fiat_account_owner_address: address({ address1: value }) }));
    expect(found.length === 0).toBe(ok);
  });

  it('takes ABA or SWIFT as the routing number type', () => {
    for (const type of ['ABA', 'SWIFT']) {
      expect(paths(wire({ routing_details: { routing_number_type: type } }))).toEqual([]);
    }
    expect(errors(wire({ routing_details: { routing_number_type: 'IBAN' } }))).toEqual([
      {
        path: 'fiat_network_instructions.wire.routing_details.routing_number_type',
        message: 'Routing number type must be ABA or SWIFT',
      },
    ]);
  });

  it('takes an owner who is a person or an institution, not both', () => {
    expect(paths({ fiat_account_owner: { institution_details: { name: 'Initech Ltd' } } })).toEqual(
      [],
    );
    expect(
      paths({
        fiat_account_owner: {
          person_details: { first_name: 'Ada' },
          institution_details: { name: 'Initech Ltd' },
        },
      }),
    ).toEqual(['fiat_account_owner']);
  });

  it('takes the other rails, one at a time', () => {
    const rails = [
      { cbit: { wallet_address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } },
      { dbs_act: { account_number: '0011223344' } },
      { cubix: { account_id: 'cubix-7781' } },
      { scb: { account_number: '5566778899' } },
      { rtp: { account_number: '7712004455', routing_details: { routing_number: '091000019' } } },
      {
        wire: {
          intermediary_routing_details: {
            routing_number_type: 'SWIFT',
            routing_number: 'CHASUS33',
          },
        },
      },
    ];
    for (const rail of rails) expect(paths({ fiat_network_instructions: rail })).toEqual([]);
    expect(paths({ fiat_network_instructions: { ...rails[0], ...rails[1] } })).toEqual([
      'fiat_network_instructions',
    ]);
  });

  it.each([
    ['null', null],
    ['an empty string', ''],
  ])('refuses %s, which the service would ignore, saying so', (_name, value) => {
    expect(errors({ fiat_account_owner: { person_details: { last_name: value } } })).toEqual([
      {
        path: 'fiat_account_owner.person_details.last_name',
        message:
          'Last name cannot be emptied: the service ignores an empty value; leave the field out to keep it',
      },
    ]);
    expect(paths({ fiat_network_instructions: { wire: null } })).toEqual([
      'fiat_network_instructions.wire',
    ]);
  });
});
