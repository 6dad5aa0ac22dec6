import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, exampleInput } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

const P = DEMO_IDS.profiles;
const alice = { identity: DEMO_IDS.identities.alice, account: DEMO_IDS.accounts.alice };
type Item = Record<string, unknown>;
let sbx: TestSandbox;
let state: Record<string, Item[]>;
const ref = (list: string, refId: string) => state[list]!.find((r) => r.ref_id === refId)!;

beforeAll(async () => {
  sbx = await startTestSandbox();
  // Records with an identity and an account, so those filters have something to find.
  await sbx.call('createInternalTransfer', {
    ...exampleInput('createInternalTransfer'),
    ref_id: 'filter-identity',
    from_identity_id: alice.identity,
    from_account_id: alice.account,
  });
  await sbx.call('createDepositAddress', {
    profile_id: P.trading,
    crypto_network: 'SOLANA',
    identity_id: alice.identity,
    account_id: alice.account,
    ref_id: 'filter-address',
  });
  sbx.clock.advance(5_000);
  await sbx.control('POST', '/clock', { advance_ms: 0 });
  state = (await sbx.control('GET', '/state')).body as Record<string, Item[]>;
});
afterAll(() => sbx.close());

async function items(path: string): Promise<Item[]> {
  const res = await sbx.send('GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Item[];
}

const same = (a: unknown[], b: unknown[]) => expect([...a].sort()).toEqual([...b].sort());
const ids = (list: Item[], key = 'id') => list.map((r) => r[key]);

describe('each filter keeps exactly the matching records', () => {
  // [path, the records of /sandbox/state it must answer, the list they come from, their id key]
  const rows: [string, () => Item[], string, string?][] = [
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
    [
      '/v2/orders?market=ETHUSD',
      () => state.orders!.filter((o) => o.market === 'ETHUSD'),
      'orders',
    ],
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
      () => state.executions!,
      'executions',
      'execution_id',
    ],
    [
      `/v2/executions?account_id=${alice.account}`,
      () => state.executions!,
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
        state.transfers!.filter(
          (t) => t.group_id === ref('transfers', 'seed-transfer-btc').group_id,
        ),
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
        state.transfers!.filter((t) =>
          ['CRYPTO_DEPOSIT', 'WIRE_DEPOSIT'].includes(t.type as string),
        ),
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
        state.fiat_accounts!.filter((f) =>
          ['seed-initech', 'seed-inc'].includes(f.ref_id as string),
        ),
      'fiat_accounts',
    ],
    [
      () =>
        `/v2/transfer/fiat-accounts?created_at.gt=${ref('fiat_accounts', 'seed-initech').created_at}`,
      () =>
        state.fiat_accounts!.filter(
          (f) =>
            (f.created_at as string) > (ref('fiat_accounts', 'seed-initech').created_at as string),
        ),
      'fiat_accounts',
    ] as never,
    [
      `/v2/orchestration/orchestrations?profile_id=${P.omnibus}`,
      () => state.orchestrations!,
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
      () => state.orchestrations!,
      'orchestrations',
    ],
    ['/v2/orchestration/orchestrations?status=FAILED', () => [], 'orchestrations'],
    [
      () =>
        `/v2/orchestration/orchestrations?created_at.lte=${ref('orchestrations', 'seed-orchestration-payout').created_at}&created_at.gt=${state.orchestrations!.find((o) => o.ref_id !== 'seed-orchestration-payout')!.created_at}`,
      () => state.orchestrations!.filter((o) => o.ref_id === 'seed-orchestration-payout'),
      'orchestrations',
    ] as never,
    [`/v2/orchestration/rules?profile_id=${P.omnibus}&status=ACTIVE`, () => state.rules!, 'rules'],
    ['/v2/orchestration/rules?status=DELETED', () => [], 'rules'],
    [
      '/v2/orchestration/rules?source_asset=USDP&destination_asset=USD',
      () => state.rules!,
      'rules',
    ],
    ['/v2/orchestration/rules?source_asset=BTC', () => [], 'rules'],
    [
      () => `/v2/orchestration/rules?ids=${state.rules![0]!.id}`,
      () => state.rules!,
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
  ];

  it.each(
    rows.map((r) => [typeof r[0] === 'string' ? r[0] : String(r[0]).slice(6, 90), ...r] as const),
  )('%s', async (_name, path, expected, _list, key = 'id') => {
    const want = ids(expected(), key);
    const got = await items(typeof path === 'string' ? path : (path as () => string)());
    same(ids(got, key), want);
  });
});

describe('order and defaults', () => {
  const times = (list: Item[], key = 'created_at') => list.map((r) => r[key] as string);
  const sorted = (values: string[], order: 'ASC' | 'DESC') =>
    [...values].sort((a, b) => (order === 'ASC' ? a.localeCompare(b) : b.localeCompare(a)));

  it.each([
    ['/v2/transfer/transfers', 'DESC'],
    ['/v2/transfer/transfers?order=ASC', 'ASC'],
    ['/v2/profiles', 'ASC'],
    ['/v2/profiles?order=DESC', 'DESC'],
    ['/v2/transfer/fiat-accounts', 'DESC'],
    ['/v2/orchestration/orchestrations?order=ASC', 'ASC'],
    ['/v2/orchestration/rules', 'DESC'],
    ['/v2/transfer/deposit-addresses', 'DESC'],
    ['/v2/orders', 'DESC'],
  ] as const)('%s is %s by creation', async (path, order) => {
    const list = times(await items(path));
    expect(list).toEqual(sorted(list, order));
  });

  it('takes the deprecated offset of List Orders and ignores it, in the walk too', async () => {
    for (const path of ['/v2/orders', `/v2/profiles/${P.marketMaking}/orders`]) {
      const plain = await sbx.send('GET', `${path}?limit=2`);
      const offset = await sbx.send('GET', `${path}?limit=2&offset=3`);
      expect(offset.status, JSON.stringify(offset.body)).toBe(200);
      expect(offset.body).toEqual(plain.body);
      const cursor = encodeURIComponent(offset.body.next_page_cursor as string);
      const next = await sbx.send('GET', `${path}?limit=2&page_cursor=${cursor}`);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
    }
  });

  it('orders transfers by update time, oldest first, with order_by=UPDATED_AT', async () => {
    const list = times(await items('/v2/transfer/transfers?order_by=UPDATED_AT'), 'updated_at');
    expect(list).toEqual(sorted(list, 'ASC'));
  });

  it('lists executions newest first', async () => {
    const list = (await items('/v2/executions')).map((e) => BigInt(e.execution_id as string));
    expect(list).toEqual([...list].sort((a, b) => (a < b ? 1 : -1)));
  });

  it('leaves out deactivated profiles, and deleted fiat accounts unless asked', async () => {
    expect(ids(await items('/v2/profiles'))).not.toContain(P.dormant);
    expect((await sbx.send('GET', `/v2/profiles/${P.dormant}`)).status).toBe(404);
    expect(
      (await sbx.send('GET', `/v2/profiles/${P.dormant}?include_deactivated=true`)).status,
    ).toBe(200);
  });
});

describe('List Transfers rules', () => {
  it.each([
    ['ids=a&profile_ids=b', 'profile_ids'],
    ['profile_ids=b&type=CRYPTO_DEPOSIT', 'type'],
    ['ref_ids=r&statuses=PENDING', 'statuses'],
    ['account_ids=a&group_ids=g', 'group_ids'],
    ['updated_at.gte=2026-01-01T00:00:00Z', 'order_by'],
    ['created_at.gte=2026-01-01T00:00:00Z&order_by=UPDATED_AT', 'order_by'],
  ])('refuses %s naming %s', async (query, parameter) => {
    const res = await sbx.send('GET', `/v2/transfer/transfers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.meta?.errors).toEqual([expect.objectContaining({ path: parameter })]);
  });

  it('combines one of those with the time filters', async () => {
    const res = await sbx.send(
      'GET',
      `/v2/transfer/transfers?profile_ids=${P.omnibus}&created_at.gte=2026-01-01T00:00:00Z`,
    );
    expect(res.status).toBe(200);
  });
});
