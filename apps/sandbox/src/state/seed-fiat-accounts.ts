import { DEMO_IDS } from '@console/schemas';
import type { SandboxSeed } from '../config';
import { iso } from '../clock';

const F = DEMO_IDS.fiatAccounts;
const P = DEMO_IDS.profiles;
const HOUR = 60 * 60 * 1000;

const address = (
  address1: string,
  city: string,
  province: string,
  zip: string,
  country = 'US',
) => ({
  country,
  address1,
  city,
  province,
  zip_code: zip,
});

function account(
  id: string,
  createdAt: number,
  owner: Record<string, unknown>,
  instructions: Record<string, unknown>,
  refId: string,
) {
  return {
    id,
    status: 'APPROVED',
    created_at: iso(createdAt),
    updated_at: iso(createdAt),
    ref_id: refId,
    identity_id: DEMO_IDS.identities.alice,
    fiat_account_owner: owner,
    fiat_network_instructions: instructions,
    metadata: { seeded: 'true' },
  };
}

function aba(number: string, bank: string) {
  return {
    wire: {
      account_number: number,
      fiat_account_owner_address: address('1 Main Street', 'New York', 'NY', '10001'),
      routing_details: {
        routing_number_type: 'ABA',
        routing_number: '021000021',
        bank_name: bank,
        bank_address: address('270 Park Avenue', 'New York', 'NY', '10017'),
      },
    },
  };
}

/**
 * The demo's fiat accounts, APPROVED: two people's ABA wires (Acme and Globex, which the
 * examples update), an institution's SWIFT wire with an intermediary bank, a person's RTP account
 * and an institution's CBIT wallet, so the owner kinds and rails of the appendix all appear.
 */
export function demoFiatAccounts(createdAt: number): NonNullable<SandboxSeed['fiat_accounts']> {
  const at = (i: number) => createdAt + i * HOUR;
  const person = (first_name: string, last_name: string) => ({
    person_details: { first_name, last_name },
  });
  const institution = (name: string) => ({ institution_details: { name } });
  return [
    {
      id: F.acme,
      profile_id: P.treasury,
      record: account(
        F.acme,
        at(0),
        person('Acme', 'Corporation'),
        aba('400123456789', 'First Demo Bank'),
        'seed-corporation',
      ),
    },
    {
      id: F.globex,
      profile_id: P.payouts,
      record: account(
        F.globex,
        at(1),
        person('Globex', 'Inc'),
        aba('400987654321', 'Second Demo Bank'),
        'seed-inc',
      ),
    },
    {
      id: F.initech,
      profile_id: P.marketMaking,
      record: account(
        F.initech,
        at(2),
        institution('Initech Ltd'),
        {
          wire: {
            account_number: 'GB29NWBK60161331926819',
            fiat_account_owner_address: address(
              '10 Lower Thames Street',
              'London',
              'London',
              'EC3R 6AF',
              'GB',
            ),
            routing_details: {
              routing_number_type: 'SWIFT',
              routing_number: 'NWBKGB2L',
              bank_name: 'Demo Bank London',
              bank_address: address('250 Bishopsgate', 'London', 'London', 'EC2M 4AA', 'GB'),
            },
            intermediary_routing_details: {
              routing_number_type: 'SWIFT',
              routing_number: 'CHASUS33',
              bank_name: 'Demo Correspondent Bank',
              bank_address: address('383 Madison Avenue', 'New York', 'NY', '10179'),
            },
          },
        },
        'seed-initech',
      ),
    },
    {
      id: F.hopper,
      profile_id: P.omnibus,
      record: account(
        F.hopper,
        at(3),
        person('Grace', 'Hopper'),
        {
          rtp: {
            account_number: '7712004455',
            routing_details: {
              routing_number: '091000019',
              bank_name: 'Third Demo Bank',
              bank_address: address('800 Nicollet Mall', 'Minneapolis', 'MN', '55402'),
            },
          },
        },
        'seed-hopper',
      ),
    },
    {
      id: F.umbrella,
      profile_id: P.omnibus,
      record: account(
        F.umbrella,
        at(4),
        institution('Umbrella Holdings Inc'),
        { cbit: { wallet_address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } },
        'seed-umbrella',
      ),
    },
  ];
}
