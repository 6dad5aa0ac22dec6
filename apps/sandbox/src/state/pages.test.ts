import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

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

/** Kinds of record a walk can be made over: how to make one, and the list that shows them. */
const KINDS = {
  'deposit addresses': {
    make: (i: number) =>
      sbx.call('createDepositAddress', {
        profile_id: T,
        crypto_network: 'ETHEREUM',
        ref_id: `w-${i}`,
      }),
    list: `/v2/transfer/deposit-addresses?profile_ids=${T}`,
    key: 'id',
  },
  'deposit addresses, oldest first': {
    make: (i: number) =>
      sbx.call('createDepositAddress', {
        profile_id: T,
        crypto_network: 'BITCOIN',
        ref_id: `a-${i}`,
      }),
    list: `/v2/transfer/deposit-addresses?profile_ids=${T}&order=ASC`,
    key: 'id',
  },
  orders: {
    make: () =>
      sbx.call('createOrder', {
        profile_id: T,
        market: 'BTCUSD',
        side: 'BUY',
        type: 'MARKET',
        quote_amount: '1.00',
      }),
    list: `/v2/profiles/${T}/orders`,
    key: 'id',
  },
  executions: {
    make: () =>
      sbx.call('createOrder', {
        profile_id: T,
        market: 'BTCUSD',
        side: 'SELL',
        type: 'MARKET',
        base_amount: '0.0001',
      }),
    list: `/v2/profiles/${T}/executions`,
    key: 'execution_id',
  },
  'transfers, oldest first': {
    make: (i: number) =>
      sbx.call('createInternalTransfer', {
        from_profile_id: T,
        to_profile_id: DEMO_IDS.profiles.payouts,
        asset: 'USD',
        amount: '1.00',
        ref_id: `t-${i}`,
      }),
    list: `/v2/transfer/transfers?profile_ids=${T}&order=ASC`,
    key: 'id',
  },
};

async function all(path: string, key: string): Promise<string[]> {
  const res = await sbx.send('GET', `${path}${path.includes('?') ? '&' : '?'}limit=500`);
  expect(res.body.next_page_cursor).toBeUndefined();
  return (res.body.items as Item[]).map((r) => r[key]!);
}

describe.each(Object.entries(KINDS))('a walk over 250 %s', (_kind, { make, list, key }) => {
  it('sees every record that existed when it began exactly once, while new ones arrive', async () => {
    // Several records share each second, so ties on the time are broken by the id.
    for (let i = 0; i < 250; i++) {
      expect((await make(i)).status).toBe(200);
      if (i % 7 === 6) sbx.clock.advance(1_000);
    }
    const before = await all(list, key);
    expect(before).toHaveLength(250);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let made = 250;
    do {
      const res = await sbx.send(
        'GET',
        `${list}${list.includes('?') ? '&' : '?'}limit=40${cursor ? `&page_cursor=${cursor}` : ''}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body.items as Item[];
      expect(page.length).toBeLessThanOrEqual(40);
      seen.push(...page.map((r) => r[key]!));
      cursor = res.body.next_page_cursor as string | undefined;
      pages++;
      // New records between pages: some at the same instant as the last ones, some later.
      for (let j = 0; j < 3; j++) await make(made++);
      sbx.clock.advance(500);
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen.filter((s) => s === id)).toHaveLength(1);
  }, 60_000);
});

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

  it('gives no cursor on the last page', async () => {
    const res = await sbx.send('GET', '/v2/orchestration/rules?limit=1');
    expect(res.body.items).toHaveLength(1);
    expect(res.body).not.toHaveProperty('next_page_cursor');
  });
});
