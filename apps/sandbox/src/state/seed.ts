import Big from 'big.js';
import { DEMO_IDS } from '@console/schemas';
import type { SandboxConfig, SandboxSeed } from '../config';
import { iso } from '../clock';
import { addDemoHistory } from './seed-history';
import { demoFiatAccounts } from './seed-fiat-accounts';
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

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo seed: the profiles, identities, accounts, fiat accounts and deposit instructions of
 * `DEMO_IDS`. Treasury and trading hold plenty of every asset of every market, payouts a tenth,
 * and `empty` only 1.00 USD, for trying insufficient-funds answers; tests rely on these four
 * being untouched by the demo's history, which lives on the market-making and omnibus profiles.
 */
export function demoSeed(createdAt: number): SandboxSeed {
  const P = DEMO_IDS.profiles;
  return {
    customer_id: DEMO_IDS.customer,
    profiles: [
      { id: P.default, nickname: 'Default', type: 'DEFAULT', balances: { USD: '25000.00' } },
      { id: P.treasury, nickname: 'Treasury', balances: RICH },
      { id: P.trading, nickname: 'Trading', balances: RICH },
      { id: P.payouts, nickname: 'Payouts', balances: scaled('0.1') },
      { id: P.empty, nickname: 'Empty', balances: { USD: '1.00' } },
      {
        id: P.marketMaking,
        nickname: 'Market Making',
        description: 'Desk quoting BTC, ETH and LTC',
        account_id: DEMO_IDS.accounts.alice,
        balances: scaled('0.5'),
      },
      {
        id: P.omnibus,
        nickname: 'Client Omnibus',
        description: 'Client money held for the brokerage',
        balances: { USD: '250000.00', USDP: '50000', BTC: '2', ETH: '30' },
      },
      { id: P.dormant, nickname: 'Dormant 2019', deactivated: true, balances: {} },
    ],
    identities: [
      { id: DEMO_IDS.identities.alice, account_ids: [DEMO_IDS.accounts.alice] },
      { id: DEMO_IDS.identities.bob, account_ids: [DEMO_IDS.accounts.bob] },
    ],
    accounts: [{ id: DEMO_IDS.accounts.alice }, { id: DEMO_IDS.accounts.bob }],
    fiat_accounts: demoFiatAccounts(createdAt),
    deposit_instructions: [
      { id: DEMO_IDS.depositInstructions, profile_id: P.treasury, asset: 'USD', network: 'WIRE' },
    ],
  };
}

/**
 * A fresh state from the configuration: its seed, or the demo seed with the demo's history (so
 * every list has something to show on first start). Seeded records are dated in the past, a day
 * apart in seed order, so they sort as listed.
 */
export function createState(config: SandboxConfig, now: number, randomSeed: number): SandboxState {
  const s = config.seed ?? demoSeed(now - 30 * DAY);
  const customer = s.customer_id ?? DEMO_IDS.customer;
  const random = seededRandom(randomSeed);
  const state: SandboxState = {
    customer_id: customer,
    random,
    prices: new PriceModel(seededRandom(randomSeed ^ 0x5eed)),
    timings: config.timings,
    market: config.market,
    profiles: new Map(),
    identities: new Map(),
    accounts: new Set(),
    fiat_accounts: new Map(),
    deposit_instructions: new Map(),
    orders: new Map(),
    executions: [],
    next_execution_id: 7_200_000_001,
    transfers: new Map(),
    orchestrations: new Map(),
    rules: new Map(),
    deposit_addresses: new Map(),
    fee_quotes: new Map(),
    refs: new Map(),
    advanced_to: now,
  };
  const seededAt = (i: number, count: number) => now - 30 * DAY + (i - count) * DAY;
  s.profiles.forEach((p, i) => {
    const balances = new Map(
      Object.entries(p.balances ?? {}).map(([asset, v]) => [
        asset,
        { total: new Big(v), trading: new Big(0) },
      ]),
    );
    state.profiles.set(p.id, {
      id: p.id,
      customer_id: customer,
      nickname: p.nickname ?? p.id,
      type: p.type ?? 'NORMAL',
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.account_id !== undefined ? { account_id: p.account_id } : {}),
      deactivated: p.deactivated ?? false,
      created_at: seededAt(i, s.profiles.length),
      balances,
    });
  });
  for (const i of s.identities ?? [])
    state.identities.set(i.id, { id: i.id, account_ids: i.account_ids ?? [] });
  for (const a of s.accounts ?? []) state.accounts.add(a.id);
  const fiat = s.fiat_accounts ?? [];
  fiat.forEach((f, i) => {
    const record = f.record ?? { status: 'APPROVED', fiat_network_instructions: {} };
    state.fiat_accounts.set(f.id, {
      id: f.id,
      profile_id: f.profile_id ?? '',
      record: { created_at: iso(seededAt(i, fiat.length)), ...record, id: f.id },
    });
  });
  for (const d of s.deposit_instructions ?? []) {
    state.deposit_instructions.set(d.id, {
      id: d.id,
      profile_id: d.profile_id,
      asset: d.asset ?? 'USD',
      network: d.network ?? 'WIRE',
    });
  }
  if (!config.seed) addDemoHistory(state, now);
  state.advanced_to = now;
  return state;
}
