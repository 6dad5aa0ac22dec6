import Big from 'big.js';
import { DEMO_IDS } from '@console/schemas';
import type { SandboxSeed } from '../config';
import { iso } from '../clock';
import { PriceModel } from './prices';
import { seededRandom } from './random';
import type { SandboxState } from './store';

const RICH: Record<string, string> = {
  USD: '1000000.00',
  EUR: '500000.00',
  SGD: '500000.00',
  BTC: '25',
  ETH: '400',
  PAXG: '100',
  BCH: '500',
  LTC: '2000',
  USDP: '250000',
  LINK: '20000',
  MATIC: '200000',
  AAVE: '1000',
  UNI: '20000',
};

const scaled = (factor: string) =>
  Object.fromEntries(Object.entries(RICH).map(([a, v]) => [a, new Big(v).times(factor).toFixed()]));

function wireAccount(
  id: string,
  name: [string, string],
  number: string,
  bank: string,
  createdAt: number,
) {
  return {
    id,
    status: 'APPROVED',
    created_at: iso(createdAt),
    updated_at: iso(createdAt),
    ref_id: `seed-${name[1].toLowerCase()}`,
    identity_id: DEMO_IDS.identities.alice,
    fiat_account_owner: { person_details: { first_name: name[0], last_name: name[1] } },
    fiat_network_instructions: {
      wire: {
        account_number: number,
        fiat_account_owner_address: {
          country: 'US',
          address1: '1 Main Street',
          city: 'New York',
          province: 'NY',
          zip_code: '10001',
        },
        routing_details: {
          routing_number_type: 'ABA',
          routing_number: '021000021',
          bank_name: bank,
          bank_address: {
            country: 'US',
            address1: '270 Park Avenue',
            city: 'New York',
            province: 'NY',
            zip_code: '10017',
          },
        },
      },
    },
    metadata: { seeded: 'true' },
  };
}

/**
 * The demo seed: the profiles, identities, accounts, fiat accounts and deposit instructions of
 * `DEMO_IDS`. Treasury and trading hold plenty of every asset of every market, payouts a tenth,
 * and `empty` only 1.00 USD, for trying insufficient-funds answers.
 */
export function demoSeed(createdAt: number): SandboxSeed {
  const P = DEMO_IDS.profiles;
  return {
    customer_id: DEMO_IDS.customer,
    profiles: [
      { id: P.treasury, nickname: 'Treasury', balances: RICH },
      { id: P.trading, nickname: 'Trading', balances: RICH },
      { id: P.payouts, nickname: 'Payouts', balances: scaled('0.1') },
      { id: P.empty, nickname: 'Empty', balances: { USD: '1.00' } },
    ],
    identities: [
      { id: DEMO_IDS.identities.alice, account_ids: [DEMO_IDS.accounts.alice] },
      { id: DEMO_IDS.identities.bob, account_ids: [DEMO_IDS.accounts.bob] },
    ],
    accounts: [{ id: DEMO_IDS.accounts.alice }, { id: DEMO_IDS.accounts.bob }],
    fiat_accounts: [
      {
        id: DEMO_IDS.fiatAccounts.acme,
        profile_id: P.treasury,
        record: wireAccount(
          DEMO_IDS.fiatAccounts.acme,
          ['Acme', 'Corporation'],
          '400123456789',
          'First Demo Bank',
          createdAt,
        ),
      },
      {
        id: DEMO_IDS.fiatAccounts.globex,
        profile_id: P.payouts,
        record: wireAccount(
          DEMO_IDS.fiatAccounts.globex,
          ['Globex', 'Inc'],
          '400987654321',
          'Second Demo Bank',
          createdAt,
        ),
      },
    ],
    deposit_instructions: [
      { id: DEMO_IDS.depositInstructions, profile_id: P.treasury, asset: 'USD', network: 'WIRE' },
    ],
  };
}

/** A fresh state from a seed (the demo seed when none is given). */
export function createState(
  seed: SandboxSeed | undefined,
  now: number,
  randomSeed: number,
): SandboxState {
  const s = seed ?? demoSeed(now);
  const customer = s.customer_id ?? DEMO_IDS.customer;
  const random = seededRandom(randomSeed);
  const state: SandboxState = {
    customer_id: customer,
    random,
    prices: new PriceModel(seededRandom(randomSeed ^ 0x5eed)),
    profiles: new Map(),
    identities: new Map(),
    accounts: new Set(),
    fiat_accounts: new Map(),
    deposit_instructions: new Map(),
    orders: new Map(),
    transfers: new Map(),
    orchestrations: new Map(),
    rules: new Map(),
    deposit_addresses: new Map(),
    fee_quotes: new Map(),
    refs: new Map(),
    advanced_to: now,
  };
  for (const p of s.profiles) {
    const balances = new Map(
      Object.entries(p.balances ?? {}).map(([asset, v]) => [
        asset,
        { total: new Big(v), reserved: new Big(0) },
      ]),
    );
    state.profiles.set(p.id, {
      id: p.id,
      customer_id: customer,
      nickname: p.nickname ?? p.id,
      balances,
    });
  }
  for (const i of s.identities ?? [])
    state.identities.set(i.id, { id: i.id, account_ids: i.account_ids ?? [] });
  for (const a of s.accounts ?? []) state.accounts.add(a.id);
  for (const f of s.fiat_accounts ?? []) {
    const record = f.record ?? {
      id: f.id,
      status: 'APPROVED',
      created_at: iso(now),
      fiat_network_instructions: {},
    };
    state.fiat_accounts.set(f.id, {
      id: f.id,
      profile_id: f.profile_id ?? '',
      record: { ...record, id: f.id },
    });
  }
  for (const d of s.deposit_instructions ?? []) {
    state.deposit_instructions.set(d.id, {
      id: d.id,
      profile_id: d.profile_id,
      asset: d.asset ?? 'USD',
      network: d.network ?? 'WIRE',
    });
  }
  return state;
}
