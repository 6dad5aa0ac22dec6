import { describe, expect, it } from 'vitest';
import { DEMO_IDS, READ_OPERATION_IDS, operations } from '@console/schemas';
import { NOT_FILTERS, memberFilters } from '../../test/member-filters';
import {
  DELETED,
  I,
  P,
  alice,
  at,
  before,
  controls,
  createdAt,
  has,
  ids,
  items,
  readOf,
  ref,
  same,
  state,
  sbx,
  useFilterSandbox,
  type Row,
} from '../../test/filters-fixture';

useFilterSandbox();

/** The filters of appendix B's lists, against the demo seed and its history. */
const APPENDIX_B_ROWS = (): Row[] => [
  [
    '/v2/identity/identities?summary_status=PENDING',
    () => state.identities!.filter((i) => i.summary_status === 'PENDING'),
    'identities',
  ],
  [
    '/v2/identity/identities?identity_type=INSTITUTION',
    () => state.identities!.filter((i) => i.type === 'INSTITUTION'),
    'identities',
  ],
  [
    '/v2/identity/identities?control_types=FROZEN&control_types=CLOSED',
    () => state.identities!.filter((i) => has(controls(i), ['FROZEN', 'CLOSED'])),
    'identities',
  ],
  [
    '/v2/identity/identities?control_reason_codes=COMPLIANCE_KYC',
    () => state.identities!.filter((i) => has(controls(i), ['COMPLIANCE_KYC'], 'reason_code')),
    'identities',
  ],
  [
    () => `/v2/identity/identities?created_at.lt=${at('identities', 'seed-identity-carol')}`,
    () => state.identities!.filter(before('identities', 'seed-identity-carol')),
    'identities',
  ],
  [
    // Dave was denied after the others were seeded: his is the latest change.
    () =>
      `/v2/identity/identities?updated_at.gte=${at('identities', 'seed-identity-dave', 'updated_at')}`,
    () => state.identities!.filter((i) => i.ref_id === 'seed-identity-dave'),
    'identities',
  ],
  [
    // The primary identity only: alice is a member of northwind's account, not its holder.
    `/v2/identity/accounts?identity_id=${I.alice}`,
    () => state.accounts!.filter((a) => a.id === DEMO_IDS.accounts.alice),
    'accounts',
  ],
  [
    () =>
      `/v2/identity/accounts?created_at.gte=${encodeURIComponent(state.accounts!.find((a) => a.id === DEMO_IDS.accounts.erin)!.created_at as string)}`,
    () =>
      state.accounts!.filter(
        (a) =>
          (a.created_at as string) >=
          (state.accounts!.find((b) => b.id === DEMO_IDS.accounts.erin)!.created_at as string),
      ),
    'accounts',
  ],
  [
    () =>
      `/v2/identity/accounts?updated_at.lte=${encodeURIComponent(state.accounts!.find((a) => a.id === DEMO_IDS.accounts.bob)!.updated_at as string)}`,
    () =>
      state.accounts!.filter(
        (a) =>
          (a.updated_at as string) <=
          (state.accounts!.find((b) => b.id === DEMO_IDS.accounts.bob)!.updated_at as string),
      ),
    'accounts',
  ],
  [
    `/v2/transfer/fiat-deposit-instructions?ids=${DEMO_IDS.depositInstructions}&ids=${DEMO_IDS.fiatDepositInstructions.act}`,
    () =>
      state.deposit_instructions!.filter((d) =>
        [DEMO_IDS.depositInstructions, DEMO_IDS.fiatDepositInstructions.act].includes(
          d.id as never,
        ),
      ),
    'deposit_instructions',
  ],
  [
    '/v2/transfer/fiat-deposit-instructions?ref_ids=seed-instructions-omnibus-2019',
    () => state.deposit_instructions!.filter((d) => d.status === 'DEPRECATED'),
    'deposit_instructions',
  ],
  [
    () =>
      `/v2/transfer/fiat-deposit-instructions?created_at.gt=${at('deposit_instructions', 'seed-instructions-treasury')}`,
    () =>
      state.deposit_instructions!.filter(
        (d) =>
          !before('deposit_instructions', 'seed-instructions-treasury')(d) &&
          d.ref_id !== 'seed-instructions-treasury',
      ),
    'deposit_instructions',
  ],
  [
    `/v2/transfer/crypto-destination-addresses?ids=${DEMO_IDS.destinationAddresses.rejected}`,
    () => state.destination_addresses!.filter((a) => a.status === 'REJECTED'),
    'destination_addresses',
  ],
  [
    `/v2/transfer/crypto-destination-addresses?identity_ids=${I.alice}&identity_ids=${I.bob}`,
    () => state.destination_addresses!.filter((a) => a.identity_id !== undefined),
    'destination_addresses',
  ],
  [
    '/v2/transfer/crypto-destination-addresses?crypto_networks=ETHEREUM',
    () => state.destination_addresses!.filter((a) => a.crypto_network === 'ETHEREUM'),
    'destination_addresses',
  ],
  [
    '/v2/transfer/crypto-destination-addresses?addresses=bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    () => state.destination_addresses!.filter((a) => a.crypto_network === 'BITCOIN'),
    'destination_addresses',
  ],
  [
    '/v2/transfer/crypto-destination-addresses?nicknames=Cold%20storage',
    () => state.destination_addresses!.filter((a) => a.nickname === 'Cold storage'),
    'destination_addresses',
  ],
  [
    '/v2/transfer/crypto-destination-addresses?bookmarked_status=false',
    () => state.destination_addresses!.filter((a) => a.bookmarked === false),
    'destination_addresses',
  ],
  [
    () =>
      `/v2/transfer/crypto-destination-addresses?created_at.lte=${encodeURIComponent(state.destination_addresses![1]!.created_at as string)}`,
    () => state.destination_addresses!.slice(0, 2),
    'destination_addresses',
  ],
  [
    // A limit of two types is among those of each.
    '/v2/transfer/limits/utilizations?transfer_type=CRYPTO_WITHDRAWAL',
    () =>
      state.transfer_limits!.filter((l) =>
        (l.transfer_types as string[]).includes('CRYPTO_WITHDRAWAL'),
      ),
    'transfer_limits',
    'rule_id',
  ],
  [
    '/v2/events?type=transfer.crypto_deposit.completed',
    () => state.events!.filter((e) => e.type === 'transfer.crypto_deposit.completed'),
    'events',
  ],
  [
    () =>
      `/v2/events?created_at.gte=${encodeURIComponent(state.events!.find((e) => e.id === DEMO_IDS.events.daveDenied)!.created_at as string)}`,
    () =>
      state.events!.filter(
        (e) =>
          (e.created_at as string) >=
          (state.events!.find((d) => d.id === DEMO_IDS.events.daveDenied)!.created_at as string),
      ),
    'events',
  ],
  ['/v2/events?is_test=true', () => [], 'events'],
  [
    '/v2/all-markets/prices?markets=BTCUSD&markets=LTCUSD',
    () => [{ market: 'BTCUSD' }, { market: 'LTCUSD' }],
    'prices',
    'market',
  ],
];

// [path, the records of /sandbox/state it must answer, the list they come from, their id key]
const ROWS: Row[] = [
  [
    `/v2/orders?profile_id=${P.marketMaking}`,
    () => state.orders!.filter((o) => o.profile_id === P.marketMaking),
    'orders',
  ],
  [
    `/v2/orders?account_id=${alice.account}`,
    () => state.orders!.filter((o) => o.profile_id === P.marketMaking),
    'orders',
  ],
  ['/v2/orders?market=ETHUSD', () => state.orders!.filter((o) => o.market === 'ETHUSD'), 'orders'],
  ['/v2/orders?status=OPEN', () => state.orders!.filter((o) => o.status === 'OPEN'), 'orders'],
  [
    `/v2/orders?ref_ids=seed-order-btc-buy&ref_ids=seed-order-link-ioc`,
    () =>
      state.orders!.filter((o) =>
        ['seed-order-btc-buy', 'seed-order-link-ioc'].includes(o.ref_id as string),
      ),
    'orders',
  ],
  [
    () =>
      `/v2/orders?order_time.begin=${ref('orders', 'seed-order-btc-bid').created_at}&order_time.end=${ref('orders', 'seed-order-eth-market').created_at}`,
    () => {
      const [from, to] = ['seed-order-btc-bid', 'seed-order-eth-market'].map(
        (r) => ref('orders', r).created_at as string,
      );
      return state.orders!.filter(
        (o) => (o.created_at as string) >= from! && (o.created_at as string) <= to!,
      );
    },
    'orders',
  ] as never,
  [
    `/v2/profiles/${P.marketMaking}/orders?status=CANCELLED`,
    () => state.orders!.filter((o) => o.status === 'CANCELLED'),
    'orders',
  ],
  [
    `/v2/executions?profile_id=${P.marketMaking}`,
    // An execution names its order, not its profile.
    () =>
      state.executions!.filter(
        (e) => state.orders!.find((o) => o.id === e.order_id)?.profile_id === P.marketMaking,
      ),
    'executions',
    'execution_id',
  ],
  [
    `/v2/executions?account_id=${alice.account}`,
    () => state.executions!.filter((e) => e.account_id === alice.account),
    'executions',
    'execution_id',
  ],
  [
    () => `/v2/executions?order_id=${ref('orders', 'seed-order-btc-buy').id}`,
    () => state.executions!.filter((e) => e.order_id === ref('orders', 'seed-order-btc-buy').id),
    'executions',
    'execution_id',
  ] as never,
  [
    '/v2/executions?since_execution_id=7200000003',
    () => state.executions!.filter((e) => BigInt(e.execution_id as string) <= 7200000003n),
    'executions',
    'execution_id',
  ],
  [
    () =>
      `/v2/executions?range.begin=${state.executions![1]!.executed_at}&range.end=${state.executions![3]!.executed_at}`,
    () => state.executions!.slice(1, 4),
    'executions',
    'execution_id',
  ] as never,
  [
    `/v2/transfer/transfers?profile_ids=${P.omnibus}`,
    () => state.transfers!.filter((t) => t.profile_id === P.omnibus),
    'transfers',
  ],
  [
    `/v2/transfer/transfers?identity_ids=${alice.identity}`,
    () => state.transfers!.filter((t) => t.identity_id === alice.identity),
    'transfers',
  ],
  [
    `/v2/transfer/transfers?account_ids=${alice.account}`,
    () => state.transfers!.filter((t) => t.account_id === alice.account),
    'transfers',
  ],
  [
    '/v2/transfer/transfers?ref_ids=seed-transfer-usd',
    () => state.transfers!.filter((t) => t.ref_id === 'seed-transfer-usd'),
    'transfers',
  ],
  [
    () => `/v2/transfer/transfers?ids=${ref('transfers', 'seed-transfer-btc').id}`,
    () => [ref('transfers', 'seed-transfer-btc')],
    'transfers',
  ] as never,
  [
    () =>
      `/v2/transfer/transfers?group_ids=${ref('transfers', 'seed-transfer-btc').group_id}&statuses=COMPLETED`,
    () =>
      state.transfers!.filter((t) => t.group_id === ref('transfers', 'seed-transfer-btc').group_id),
    'transfers',
  ] as never,
  [
    () =>
      `/v2/transfer/transfers?crypto_tx_hashes=${state.transfers!.find((t) => t.crypto_tx_hash)!.crypto_tx_hash}`,
    () => state.transfers!.filter((t) => t.crypto_tx_hash).slice(0, 1),
    'transfers',
  ] as never,
  [
    '/v2/transfer/transfers?type=CRYPTO_DEPOSIT&type=WIRE_DEPOSIT',
    () =>
      state.transfers!.filter((t) => ['CRYPTO_DEPOSIT', 'WIRE_DEPOSIT'].includes(t.type as string)),
    'transfers',
  ],
  [
    '/v2/transfer/transfers?statuses=FAILED',
    () => state.transfers!.filter((t) => t.status === 'FAILED'),
    'transfers',
  ],
  ['/v2/transfer/transfers?secondary_statuses=CUSTOMER_REJECTED', () => [], 'transfers'],
  [
    '/v2/transfer/transfers?statuses=PENDING',
    () => state.transfers!.filter((t) => t.status === 'PENDING'),
    'transfers',
  ],
  [
    () =>
      `/v2/transfer/transfers?created_at.gte=${ref('transfers', 'seed-transfer-failed').created_at}&limit=1000`,
    () =>
      state.transfers!.filter(
        (t) =>
          (t.created_at as string) >=
          (ref('transfers', 'seed-transfer-failed').created_at as string),
      ),
    'transfers',
  ] as never,
  [
    () =>
      `/v2/transfer/transfers?updated_at.lt=${ref('transfers', 'seed-transfer-failed').updated_at}&order_by=UPDATED_AT`,
    () =>
      state.transfers!.filter(
        (t) =>
          (t.updated_at as string) <
          (ref('transfers', 'seed-transfer-failed').updated_at as string),
      ),
    'transfers',
  ] as never,
  [
    '/v2/profiles?nickname=MARKET',
    () => state.profiles!.filter((p) => p.nickname === 'Market Making'),
    'profiles',
  ],
  [
    '/v2/profiles?nickname=t',
    () => state.profiles!.filter((p) => ['Treasury', 'Trading'].includes(p.nickname as string)),
    'profiles',
  ],
  ['/v2/profiles?nickname=%25', () => [], 'profiles'],
  [
    `/v2/profiles?ids=${P.payouts}&ids=${P.dormant}`,
    () => state.profiles!.filter((p) => p.id === P.payouts),
    'profiles',
  ],
  [
    `/v2/transfer/fiat-accounts?ids=${DEMO_IDS.fiatAccounts.hopper}`,
    () => state.fiat_accounts!.filter((f) => f.id === DEMO_IDS.fiatAccounts.hopper),
    'fiat_accounts',
  ],
  [
    '/v2/transfer/fiat-accounts?ref_ids=seed-initech&ref_ids=seed-inc',
    () =>
      state.fiat_accounts!.filter((f) => ['seed-initech', 'seed-inc'].includes(f.ref_id as string)),
    'fiat_accounts',
  ],
  [
    () =>
      `/v2/transfer/fiat-accounts?created_at.gt=${ref('fiat_accounts', 'seed-initech').created_at}`,
    () =>
      state.fiat_accounts!.filter(
        (f) =>
          f.deleted_at === undefined &&
          (f.created_at as string) > (ref('fiat_accounts', 'seed-initech').created_at as string),
      ),
    'fiat_accounts',
  ] as never,
  [
    `/v2/orchestration/orchestrations?profile_id=${P.omnibus}`,
    () => state.orchestrations!.filter((o) => o.profile_id === P.omnibus),
    'orchestrations',
  ],
  [
    '/v2/orchestration/orchestrations?ref_id=seed-orchestration-payout',
    () => state.orchestrations!.filter((o) => o.ref_id === 'seed-orchestration-payout'),
    'orchestrations',
  ],
  [
    () =>
      `/v2/orchestration/orchestrations?orchestration_rule_id=${ref('rules', 'seed-rule-usdp-sweep').id}`,
    () =>
      state.orchestrations!.filter(
        (o) => o.orchestration_rule_id === ref('rules', 'seed-rule-usdp-sweep').id,
      ),
    'orchestrations',
  ] as never,
  [
    () => `/v2/orchestration/orchestrations?orchestration_id=${state.orchestrations![0]!.id}`,
    () => state.orchestrations!.slice(0, 1),
    'orchestrations',
  ] as never,
  [
    '/v2/orchestration/orchestrations?source_asset=USDP',
    () => state.orchestrations!.filter((o) => o.source_asset === 'USDP'),
    'orchestrations',
  ],
  [
    '/v2/orchestration/orchestrations?destination_asset=USD&status=COMPLETED',
    () =>
      state.orchestrations!.filter(
        (o) => o.destination_asset === 'USD' && o.status === 'COMPLETED',
      ),
    'orchestrations',
  ],
  ['/v2/orchestration/orchestrations?status=FAILED', () => [], 'orchestrations'],
  [
    () =>
      `/v2/orchestration/orchestrations?created_at.lte=${ref('orchestrations', 'seed-orchestration-payout').created_at}&created_at.gt=${state.orchestrations!.find((o) => o.ref_id !== 'seed-orchestration-payout')!.created_at}`,
    () => state.orchestrations!.filter((o) => o.ref_id === 'seed-orchestration-payout'),
    'orchestrations',
  ] as never,
  [
    `/v2/orchestration/rules?profile_id=${P.omnibus}&status=ACTIVE`,
    () => state.rules!.filter((r) => r.profile_id === P.omnibus && r.status === 'ACTIVE'),
    'rules',
  ],
  [
    '/v2/orchestration/rules?status=DELETED',
    () => state.rules!.filter((r) => r.status === 'DELETED'),
    'rules',
  ],
  [
    '/v2/orchestration/rules?source_asset=USDP&destination_asset=USD',
    () => state.rules!.filter((r) => r.source_asset === 'USDP' && r.destination_asset === 'USD'),
    'rules',
  ],
  ['/v2/orchestration/rules?source_asset=BTC', () => [], 'rules'],
  [
    () => `/v2/orchestration/rules?ids=${state.rules![0]!.id}`,
    () => [state.rules![0]!],
    'rules',
  ] as never,
  [
    `/v2/transfer/deposit-addresses?profile_ids=${P.omnibus}`,
    () => state.deposit_addresses!.filter((a) => a.profile_id === P.omnibus),
    'deposit_addresses',
  ],
  [
    `/v2/transfer/deposit-addresses?identity_ids=${alice.identity}`,
    () => state.deposit_addresses!.filter((a) => a.ref_id === 'filter-address'),
    'deposit_addresses',
  ],
  [
    `/v2/transfer/deposit-addresses?account_ids=${alice.account}`,
    () => state.deposit_addresses!.filter((a) => a.ref_id === 'filter-address'),
    'deposit_addresses',
  ],
  [
    '/v2/transfer/deposit-addresses?ref_ids=seed-address-desk',
    () => state.deposit_addresses!.filter((a) => a.ref_id === 'seed-address-desk'),
    'deposit_addresses',
  ],
  [
    '/v2/transfer/deposit-addresses?networks=BITCOIN&networks=SOLANA',
    () =>
      state.deposit_addresses!.filter((a) =>
        ['BITCOIN', 'SOLANA'].includes(a.crypto_network as string),
      ),
    'deposit_addresses',
  ],
  [
    () => `/v2/transfer/deposit-addresses?ids=${state.deposit_addresses![0]!.id}`,
    () => state.deposit_addresses!.slice(0, 1),
    'deposit_addresses',
  ] as never,
  [
    () =>
      `/v2/transfer/deposit-addresses?created_at.eq=${ref('deposit_addresses', 'filter-address').created_at}`,
    () =>
      state.deposit_addresses!.filter(
        (a) => a.created_at === ref('deposit_addresses', 'filter-address').created_at,
      ),
    'deposit_addresses',
  ] as never,
  // Filters of the lists of one profile, and of the reads of one record.
  [
    `/v2/profiles/${P.marketMaking}/orders?market=LTCUSD`,
    () => state.orders!.filter((o) => o.market === 'LTCUSD'),
    'orders',
  ],
  [
    `/v2/profiles/${P.marketMaking}/orders?ref_ids=seed-order-btc-buy`,
    () => state.orders!.filter((o) => o.ref_id === 'seed-order-btc-buy'),
    'orders',
  ],
  [
    () =>
      `/v2/profiles/${P.marketMaking}/orders?order_time.begin=${ref('orders', 'seed-order-btc-bid').created_at}&order_time.end=${ref('orders', 'seed-order-btc-bid').created_at}`,
    () => [ref('orders', 'seed-order-btc-bid')],
    'orders',
  ] as never,
  [
    () =>
      `/v2/profiles/${P.marketMaking}/executions?order_id=${ref('orders', 'seed-order-btc-buy').id}`,
    () => state.executions!.filter((e) => e.order_id === ref('orders', 'seed-order-btc-buy').id),
    'executions',
    'execution_id',
  ] as never,
  [
    `/v2/profiles/${P.marketMaking}/executions?since_execution_id=7200000002`,
    () => state.executions!.filter((e) => BigInt(e.execution_id as string) <= 7200000002n),
    'executions',
    'execution_id',
  ],
  [
    () =>
      `/v2/profiles/${P.marketMaking}/executions?range.begin=${state.executions![2]!.executed_at}&range.end=${state.executions![2]!.executed_at}`,
    () => state.executions!.slice(2, 3),
    'executions',
    'execution_id',
  ] as never,
  [
    // Profiles carry no creation time in their answer: the bound is one the sandbox holds.
    () => `/v2/profiles?created_at.lte=${createdAt(P.trading)}`,
    () =>
      state.profiles!.filter(
        (p) => !p.deactivated && createdAt(p.id as string) <= createdAt(P.trading),
      ),
    'profiles',
  ] as never,
  [
    `/v2/profiles/${P.treasury}/balances?assets=BTC&assets=USD`,
    () => [{ asset: 'BTC' }, { asset: 'USD' }],
    'balances',
    'asset',
  ],
  [
    '/v2/transfer/fiat-accounts',
    () => state.fiat_accounts!.filter((f) => f.deleted_at === undefined),
    'fiat_accounts',
  ],
  ['/v2/transfer/fiat-accounts?include_deleted=true', () => state.fiat_accounts!, 'fiat_accounts'],
  ...APPENDIX_B_ROWS(),
];

/** Reads of one record, with their flags: [path, the status it answers]. */
const RECORD_ROWS: [string, number][] = [
  [`/v2/profiles/${P.dormant}`, 404],
  [`/v2/profiles/${P.dormant}?include_deactivated=true`, 200],
  [`/v2/profiles/${P.dormant}?include_deactivated=false`, 404],
  [`/v2/transfer/fiat-accounts/${DELETED}`, 404],
  [`/v2/transfer/fiat-accounts/${DELETED}?include_deleted=true`, 200],
  [`/v2/identity/identities/${I.northwind}?include_details=false`, 200],
  [`/v2/identity/identities/${I.northwind}?include_institution_members=true`, 200],
  [`/v2/events/${DEMO_IDS.events.daveDenied}`, 200],
  // The sandbox sends no test events.
  [`/v2/events/${DEMO_IDS.events.daveDenied}?is_test=true`, 404],
];

describe('each filter keeps exactly the matching records', () => {
  it.each(
    ROWS.map((r) => [typeof r[0] === 'string' ? r[0] : String(r[0]).slice(6, 90), ...r] as const),
  )('%s', async (_name, path, expected, _list, key = 'id') => {
    const want = ids(expected(), key);
    const got = await items(typeof path === 'string' ? path : (path as () => string)());
    same(ids(got, key), want);
  });

  it.each(RECORD_ROWS)('%s answers %i', async (path, status) => {
    expect((await sbx.send('GET', path)).status).toBe(status);
  });
});

const MEMBER_FILTERS = memberFilters();

/** A time range is one filter: any of its comparisons names it (each is tested on some list). */
const filterName = (name: string) => name.replace(/\.(lt|lte|eq|gte|gt)$/, '.*');

it('has a row, or a member it compares, for every filter of every read of the registry', () => {
  const covered = new Set<string>(MEMBER_FILTERS.map((f) => `${f.read} ${filterName(f.param)}`));
  for (const path of [...ROWS.map((r) => r[0]), ...RECORD_ROWS.map((r) => r[0])]) {
    const text = typeof path === 'string' ? path : (path as () => string)();
    const url = new URL(text, 'http://x');
    const read = readOf(text);
    for (const name of url.searchParams.keys()) covered.add(`${read} ${filterName(name)}`);
  }
  const filters = READ_OPERATION_IDS.flatMap((id) =>
    Object.keys(operations[id].shape.query)
      .filter((name) => !NOT_FILTERS.has(name))
      .map((name) => `${id} ${filterName(name)}`),
  );
  expect([...new Set(filters)].filter((f) => !covered.has(f))).toEqual([]);
});
