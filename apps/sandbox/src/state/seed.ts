import Big from 'big.js';
import { DEMO_IDS } from '@console/schemas';
import type { SandboxConfig, SandboxSeed } from '../config';
import { iso } from '../clock';
import { addDemoHistory } from './seed-history';
import {
  addBook,
  demoDepositInstructions,
  demoDestinationAddresses,
  demoTransferLimits,
} from './seed-book';
import { demoFiatAccounts } from './seed-fiat-accounts';
import { addIdentities, addIdentityHistory, demoAccounts, demoIdentities } from './seed-identities';
import { PriceModel } from './prices';
import { seedMarketStatus } from './market-status';
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
 * The demo seed: the profiles, identities, accounts, fiat accounts, deposit instructions and
 * destination addresses of `DEMO_IDS`, and the transfer limits. Treasury and trading hold plenty of every asset of every market, payouts a tenth,
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
    house_identity_id: DEMO_IDS.identities.house,
    identities: demoIdentities(),
    accounts: demoAccounts(),
    fiat_accounts: demoFiatAccounts(createdAt),
    deposit_instructions: demoDepositInstructions(),
    destination_addresses: demoDestinationAddresses(),
    transfer_limits: demoTransferLimits(),
    markets: demoMarketStatus(createdAt + 30 * DAY),
  };
}

/**
 * AAVEUSD under maintenance for buying since an hour before start, for a day: buys that would
 * execute at once (IOC, FOK, market buys) are refused there; every other market and side is
 * AVAILABLE. No e2e order or seeded history trades AAVEUSD.
 */
function demoMarketStatus(start: number): NonNullable<SandboxSeed['markets']> {
  const HOUR = 60 * 60 * 1000;
  return [
    {
      market: 'AAVEUSD',
      buy_status: 'UNAVAILABLE',
      buy_reason: 'SCHEDULED_MAINTENANCE',
      scheduled_maintenance: [{ starts_at: iso(start - HOUR), ends_at: iso(start + 23 * HOUR) }],
    },
  ];
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
    market_status: seedMarketStatus(s, now - 30 * DAY, now),
    profiles: new Map(),
    identities: new Map(),
    accounts: new Map(),
    house_identity_id: s.house_identity_id ?? customer,
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
    destination_addresses: new Map(),
    transfer_limits: [],
    limit_uses: [],
    events: [],
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
  addIdentities(state, s, seededAt);
  const fiat = s.fiat_accounts ?? [];
  fiat.forEach((f, i) => {
    const record = f.record ?? { status: 'APPROVED', fiat_network_instructions: {} };
    state.fiat_accounts.set(f.id, {
      id: f.id,
      profile_id: f.profile_id ?? '',
      record: { created_at: iso(seededAt(i, fiat.length)), ...record, id: f.id },
    });
  });
  addBook(state, s, seededAt);
  if (!config.seed) {
    addDemoHistory(state, now);
    addIdentityHistory(state, now);
  }
  state.advanced_to = now;
  return state;
}
