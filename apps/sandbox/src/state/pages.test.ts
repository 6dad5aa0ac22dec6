import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_IDS,
  READ_OPERATION_IDS,
  operations,
  requiredQuery,
  type ReadOperationId,
} from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';
import { iso } from '../clock';

const T = DEMO_IDS.profiles.trading;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(async () => {
  sbx.sandbox.reset();
  await sbx.control('PUT', '/prices/BTCUSD', { price: '60000' });
});

type Item = Record<string, string>;
const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/*
 * Profiles and fiat accounts are made in the service's admin console, not through the API: the
 * walk adds them to the sandbox's state the way its seed does, at the sandbox's time.
 */
function addProfile(i: number): Promise<void> {
  const id = randomUUID();
  sbx.sandbox.runtime.state.profiles.set(id, {
    id,
    customer_id: DEMO_IDS.customer,
    nickname: `Walk ${i}`,
    type: 'NORMAL',
    deactivated: false,
    created_at: sbx.clock.now(),
    balances: new Map(),
  });
  return Promise.resolve();
}
function addFiatAccount(i: number): Promise<void> {
  const id = randomUUID();
  sbx.sandbox.runtime.state.fiat_accounts.set(id, {
    id,
    profile_id: T,
    record: {
      id,
      ref_id: `walk-${i}`,
      status: 'APPROVED',
      created_at: iso(sbx.clock.now()),
      fiat_network_instructions: { cbit: { wallet_address: `w${i}` } },
    },
  });
  return Promise.resolve();
}

/* Identities and accounts are made by onboarding at the service, not through the API: likewise. */
function addIdentity(i: number): Promise<void> {
  const id = randomUUID();
  const now = sbx.clock.now();
  sbx.sandbox.runtime.state.identities.set(id, {
    id,
    type: 'PERSON',
    summary_status: 'APPROVED',
    controls: [],
    requirements: [],
    next_control: 0,
    person_details: { first_name: 'Walk', last_name: String(i) },
    metadata: {},
    created_at: now,
    updated_at: now,
  });
  return Promise.resolve();
}
function addAccount(i: number): Promise<void> {
  const id = randomUUID();
  const now = sbx.clock.now();
  sbx.sandbox.runtime.state.accounts.set(id, {
    id,
    identity_id: DEMO_IDS.identities.bob,
    type: 'BROKERAGE',
    description: `Walk ${i}`,
    summary_status: 'APPROVED',
    members: [],
    metadata: {},
    created_at: now,
    updated_at: now,
  });
  return Promise.resolve();
}

interface Walk {
  /** The list walked: a read of the registry that pages. */
  read: ReadOperationId;
  /** Makes one more record the list shows. */
  make: (i: number) => Promise<void>;
  /** The list's path and query (the filter that keeps the walk to the records it makes). */
  list: string;
  key: string;
}

const order = (side: 'BUY' | 'SELL') => () =>
  ok(
    sbx.call('createOrder', {
      profile_id: T,
      market: 'BTCUSD',
      side,
      type: 'MARKET',
      ...(side === 'BUY' ? { quote_amount: '1.00' } : { base_amount: '0.0001' }),
    }),
  );
const transfer = (prefix: string) => (i: number) =>
  ok(
    sbx.call('createInternalTransfer', {
      from_profile_id: T,
      to_profile_id: DEMO_IDS.profiles.payouts,
      asset: 'USD',
      amount: '1.00',
      ref_id: `${prefix}-${i}`,
    }),
  );
const address = (network: 'ETHEREUM' | 'BITCOIN', prefix: string) => (i: number) =>
  ok(
    sbx.call('createDepositAddress', {
      profile_id: T,
      crypto_network: network,
      ref_id: `${prefix}-${i}`,
    }),
  );

/** Walks of 250 records made while the list is walked, some in both orders. */
const WALKS: Record<string, Walk> = {
  'orders of every profile': {
    read: 'listOrders',
    make: order('BUY'),
    list: `/v2/orders?profile_id=${T}`,
    key: 'id',
  },
  'orders of a profile': {
    read: 'listProfileOrders',
    make: order('BUY'),
    list: `/v2/profiles/${T}/orders`,
    key: 'id',
  },
  'executions of every profile': {
    read: 'listExecutions',
    make: order('SELL'),
    list: `/v2/executions?profile_id=${T}`,
    key: 'execution_id',
  },
  'executions of a profile': {
    read: 'listProfileExecutions',
    make: order('SELL'),
    list: `/v2/profiles/${T}/executions`,
    key: 'execution_id',
  },
  'transfers, newest first': {
    read: 'listTransfers',
    make: transfer('d'),
    list: `/v2/transfer/transfers?profile_ids=${T}`,
    key: 'id',
  },
  'transfers, oldest first': {
    read: 'listTransfers',
    make: transfer('t'),
    list: `/v2/transfer/transfers?profile_ids=${T}&order=ASC`,
    key: 'id',
  },
  profiles: { read: 'listProfiles', make: addProfile, list: '/v2/profiles', key: 'id' },
  'profiles, newest first': {
    read: 'listProfiles',
    make: addProfile,
    list: '/v2/profiles?order=DESC',
    key: 'id',
  },
  'fiat accounts': {
    read: 'listFiatAccounts',
    make: addFiatAccount,
    list: '/v2/transfer/fiat-accounts',
    key: 'id',
  },
  orchestrations: {
    read: 'listOrchestrations',
    make: (i) =>
      ok(
        sbx.call('createOrchestration', {
          profile_id: T,
          ref_id: `o-${i}`,
          source_asset: 'USD',
          source: { profile: { profile_id: T } },
          destination_asset: 'USD',
          destination: { profile: { profile_id: DEMO_IDS.profiles.payouts } },
          source_amount: '1.00',
        }),
      ),
    list: `/v2/orchestration/orchestrations?profile_id=${T}`,
    key: 'id',
  },
  'orchestration rules': {
    read: 'listOrchestrationRules',
    make: (i) =>
      ok(
        sbx.call('createOrchestrationRule', {
          ref_id: `r-${i}`,
          profile_id: T,
          source_asset: 'USD',
          source: { crypto: { network: 'ETHEREUM' } },
          destination_asset: 'USD',
        }),
      ),
    list: `/v2/orchestration/rules?profile_id=${T}`,
    key: 'id',
  },
  'deposit addresses': {
    read: 'listDepositAddresses',
    make: address('ETHEREUM', 'w'),
    list: `/v2/transfer/deposit-addresses?profile_ids=${T}`,
    key: 'id',
  },
  identities: {
    read: 'listIdentities',
    make: addIdentity,
    list: '/v2/identity/identities?identity_type=PERSON',
    key: 'id',
  },
  'accounts, oldest first': {
    read: 'listAccounts',
    make: addAccount,
    list: `/v2/identity/accounts?identity_id=${DEMO_IDS.identities.bob}&order=ASC`,
    key: 'id',
  },
  'fiat deposit instructions, made for rules': {
    read: 'listFiatDepositInstructions',
    make: (i) =>
      ok(
        sbx.call('createOrchestrationRule', {
          ref_id: `fi-${i}`,
          profile_id: T,
          source_asset: 'USD',
          source: { fiat: { network: 'WIRE', account_type: 'ABA' } },
          destination_asset: 'USD',
        }),
      ),
    list: '/v2/transfer/fiat-deposit-instructions',
    key: 'id',
  },
  'destination addresses': {
    read: 'listCryptoDestinationAddresses',
    make: (i) =>
      ok(
        sbx.call('putCryptoDestinationAddress', {
          crypto_network: 'BASE',
          address: `0x${i.toString(16).padStart(40, '0')}`,
        }),
      ),
    list: '/v2/transfer/crypto-destination-addresses?crypto_networks=BASE',
    key: 'id',
  },
  'events, oldest first by default': {
    read: 'listEvents',
    make: (i) =>
      ok(
        sbx.call('createOrchestration', {
          profile_id: T,
          ref_id: `e-${i}`,
          source_asset: 'USD',
          source: { profile: { profile_id: T } },
          destination_asset: 'USD',
          destination: { profile: { profile_id: DEMO_IDS.profiles.payouts } },
          source_amount: '1.00',
        }),
      ),
    list: '/v2/events?type=orchestration.processing',
    key: 'id',
  },
  'deposit addresses, oldest first': {
    read: 'listDepositAddresses',
    make: address('BITCOIN', 'a'),
    list: `/v2/transfer/deposit-addresses?profile_ids=${T}&order=ASC`,
    key: 'id',
  },
};

const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** The records of a page, under the member the list's registry entry names. */
const recordsOf = (read: ReadOperationId, body: Record<string, unknown>) =>
  body[operations[read].list!.member] as Item[];

async function all(read: ReadOperationId, path: string, key: string): Promise<string[]> {
  const res = await sbx.send('GET', withQuery(path, 'limit=500'));
  expect(res.body.next_page_cursor).toBeUndefined();
  return recordsOf(read, res.body).map((r) => r[key]!);
}

/*
 * Every list of the registry, with no row of its own: the demo records, walked a page of one at a
 * time, come each once and in the order of the whole list read at once. The walks of {@link WALKS}
 * make 250 records while the list is walked; a list without one needs two demo records at least.
 */
const WALKED = new Set(Object.values(WALKS).map((w) => w.read));
describe.each(READ_OPERATION_IDS.filter((id) => operations[id].paging))(
  'a walk over the demo records of %s',
  (read) => {
    it('sees each once, in the order of one page of them all', async () => {
      const op = operations[read];
      const { params = {} } = op.example();
      const path = op.toPath(params, requiredQuery(read));
      const whole = await sbx.send('GET', withQuery(path, `limit=${op.paging!.maxLimit}`));
      expect(whole.status, JSON.stringify(whole.body)).toBe(200);
      expect(whole.body.next_page_cursor).toBeUndefined();
      const everything = recordsOf(read, whole.body).map((r) => JSON.stringify(r));
      if (!WALKED.has(read)) {
        expect(everything.length, 'the demo seed holds two records of the list').toBeGreaterThan(1);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const after = cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : '';
        const res = await sbx.send('GET', withQuery(path, `limit=1${after}`));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const page = recordsOf(read, res.body);
        expect(page.length).toBeLessThanOrEqual(1);
        seen.push(...page.map((r) => JSON.stringify(r)));
        cursor = res.body.next_page_cursor as string | undefined;
      } while (cursor && seen.length <= everything.length);
      expect(cursor).toBeUndefined();
      expect(seen).toEqual(everything);
    });
  },
);
describe.each(Object.entries(WALKS))(
  'a walk over 250 %s made while it is walked',
  (_kind, { read, make, list, key }) => {
    it('sees every record that existed when it began exactly once, while new ones arrive', async () => {
      // Several records share each second, so ties on the time are broken by the id.
      for (let i = 0; i < 250; i++) {
        await make(i);
        if (i % 7 === 6) sbx.clock.advance(1_000);
      }
      const before = await all(read, list, key);
      expect(before.length).toBeGreaterThanOrEqual(250);

      // Without a limit, a page holds the list's default (where the appendix states one).
      const defaultLimit = operations[read].paging?.defaultLimit;
      if (defaultLimit !== undefined) {
        const first = await sbx.send('GET', list);
        expect(recordsOf(read, first.body)).toHaveLength(Math.min(defaultLimit, before.length));
        expect(first.body.next_page_cursor !== undefined).toBe(before.length > defaultLimit);
      }

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      let made = 250;
      do {
        const res = await sbx.send(
          'GET',
          withQuery(list, `limit=40${cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : ''}`),
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const page = recordsOf(read, res.body);
        expect(page.length).toBeLessThanOrEqual(40);
        seen.push(...page.map((r) => r[key]!));
        cursor = res.body.next_page_cursor as string | undefined;
        pages++;
        // New records between pages: some at the same instant as the last ones, some later.
        for (let j = 0; j < 3; j++) await make(made++);
        sbx.clock.advance(500);
      } while (cursor && pages < 50);

      expect(cursor).toBeUndefined();
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen.filter((s) => s === id)).toHaveLength(1);
    }, 60_000);
  },
);

describe('cursors', () => {
  it('refuses a cursor used with other filters or another order, naming page_cursor', async () => {
    const first = await sbx.send('GET', '/v2/profiles?limit=2');
    const cursor = first.body.next_page_cursor as string;
    for (const query of [`nickname=t&page_cursor=${cursor}`, `order=DESC&page_cursor=${cursor}`]) {
      const res = await sbx.send('GET', `/v2/profiles?limit=2&${query}`);
      expect(res.status).toBe(400);
      expect(res.body.meta?.errors).toEqual([expect.objectContaining({ path: 'page_cursor' })]);
    }
    expect((await sbx.send('GET', `/v2/profiles?limit=3&page_cursor=${cursor}`)).status).toBe(200);
  });

  it('stays within the bound the schemas put on page_cursor, however long the filters', async () => {
    // 100 profile ids: two of the seed, the rest nobody's. The cursor must still be usable.
    const ids: string[] = [DEMO_IDS.profiles.omnibus, DEMO_IDS.profiles.marketMaking];
    for (let i = 0; ids.length < 100; i++)
      ids.push(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const list = `/v2/transfer/transfers?${ids.map((id) => `profile_ids=${id}`).join('&')}&limit=1`;
    const first = await sbx.send('GET', list);
    const cursor = first.body.next_page_cursor as string;
    expect(cursor.length).toBeLessThanOrEqual(2000);
    const next = await sbx.send('GET', `${list}&page_cursor=${encodeURIComponent(cursor)}`);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.items).toHaveLength(1);
  });

  it('gives no cursor on the last page', async () => {
    const res = await sbx.send('GET', '/v2/orchestration/rules?limit=1');
    expect(res.body.items).toHaveLength(1);
    expect(res.body).not.toHaveProperty('next_page_cursor');
  });
});
