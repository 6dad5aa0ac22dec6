import { randomUUID } from 'node:crypto';
import {
  exampleInput,
  operations,
  type ApprovalRequirement,
  type DryRunChange,
  type PolicyDryRun,
} from '@console/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { testDatabases } from '../../test/databases';
import { echoSuccess, scriptedClient } from '../../test/harness';
import { buildPolicy } from '../approvals/policy';
import type { MarketPrice } from '../rules/market-estimate';
import { dryRun } from './dry-run';
import { createPolicyStore, type PolicyStore } from './policy-store';

/*
 * The dry run judges a market order of unknown size (a market sell by its base amount) as the
 * send path does (issue 66): at its base amount times a price, plus the margin of the document
 * deciding. The price is the one it was decided at (kept by its journal entry, or by its held
 * request's deciding rule from before the entry kept it), else today's.
 */

const NOW = Date.parse('2026-11-27T09:00:00Z');
const DAY = 24 * 3_600_000;

const largeOrders = (above: string) => ({
  id: 'large-orders',
  operations: ['createOrder'],
  assets: ['USD'],
  amount: { above },
  action: { kind: 'hold', approvers: 1, roles: ['admin'] },
});
const orders = {
  id: 'orders',
  operations: ['createOrder'],
  assets: 'any',
  action: { kind: 'send' },
};

/** Orders above `above` USD wait for an admin, other orders go at once; the margin as given. */
const policyAbove = (above: string, margin?: string) => ({
  format: 2,
  ...(margin !== undefined && { market_order_margin_percent: margin }),
  rules: [largeOrders(above), orders],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
});
/** The version in force: above 10,000 USD, at the default margin of 2 %. */
const VERSION = policyAbove('10000');

const sell = (market: string, base: string) => ({
  ...exampleInput('createOrder'),
  market,
  side: 'SELL',
  type: 'MARKET',
  quote_amount: undefined,
  base_amount: base,
});

/** The ticker the service answers when the held order is decided: BTCUSD at 60,000. */
const TICKER_THEN = { best_bid: { price: '59990' }, best_ask: { price: '60010' } };
/** Today's price, read by the dry run; ETHUSD has none. */
const PRICES_NOW: Record<string, string> = { BTCUSD: '64000' };

const estimate = (
  base: string,
  price: string,
  margin: string,
  notional: string,
  amount: string,
) => ({
  asset: 'USD',
  base_amount: base,
  base_asset: 'BTC',
  price,
  notional,
  margin_percent: margin,
  amount,
});

describe.each(testDatabases)('a dry run of market orders on $name', (database) => {
  let opened: Awaited<ReturnType<typeof database.open>>;
  let h: Awaited<ReturnType<typeof approvalApp>>;
  let store: PolicyStore;
  let requests: { method: string; path: string }[];
  const ids = new Map<string, string>();

  const journal = async (name: string, body: object) => {
    const id = randomUUID();
    ids.set(name, id);
    await h.db.query(
      `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
         request_path, request_body, body_sha256, attempts, request_id, created_at, updated_at,
         policy_version)
       values ($1, 'createOrder', 'finance', 'Finance', $2, 'SUCCEEDED', 'POST', $3, $4, 'sha', 1,
         $5, $6::timestamptz, $6::timestamptz, 1)`,
      [
        id,
        randomUUID(),
        operations.createOrder.path,
        JSON.stringify(body),
        randomUUID(),
        new Date(NOW - DAY).toISOString(),
      ],
    );
  };

  beforeAll(async () => {
    const scripted = scriptedClient((request) =>
      request.method === 'GET' && request.path === '/v2/markets/BTCUSD/ticker'
        ? { kind: 'answered', status: 200, body: TICKER_THEN, attempts: 1, retried: false }
        : echoSuccess(request),
    );
    requests = scripted.requests;
    opened = await database.open();
    store = createPolicyStore(opened.db);
    await store.seed(VERSION, 'file', new Date(NOW - 20 * DAY));
    h = await approvalApp({
      client: scripted.client,
      policy: buildPolicy(VERSION),
      start: NOW,
      journalOnClock: true,
      db: opened.db,
      extra: { policies: store },
    });
    await h.db.exec('delete from journal_entries');
    // 0.1 BTC: 6,400 USD at today's price, 6,528 with the 2 % margin.
    await journal('sell-now', sell('BTCUSD', '0.1'));
    // 0.05 BTC: 3,200 USD at today's price; the same market, read once.
    await journal('sell-small', sell('BTCUSD', '0.05'));
    // No price for ETHUSD today: its size stays unknown.
    await journal('sell-eth', sell('ETHUSD', '1'));
    // A market buy has its size: nothing to estimate.
    await journal('buy', { ...sell('BTCUSD', '1'), side: 'BUY', quote_amount: '5000' });
    // Held by the send path: 0.2 BTC at 60,000 is 12,000 USD, 12,240 with the margin.
    const held = await h.submit('createOrder', sell('BTCUSD', '0.2'));
    expect(held.status).toBe(202);
    expect((held.approval as ApprovalRequirement).deciding_rule?.estimate?.price).toBe('60000');
    ids.set('sell-held', held.journal.id);
    // As if held before its journal entry kept the estimate (migration 033): its request's
    // deciding rule still says the price.
    await h.db.query('update journal_entries set market_estimate = null where id = $1', [
      held.journal.id,
    ]);
    // Sent at once by the send path: 0.1 BTC at 60,000 is 6,000 USD, 6,120 with the margin; at
    // today's 64,000 it would be 6,528.
    const sent = await h.submit('createOrder', sell('BTCUSD', '0.1'));
    expect(sent.journal).toMatchObject({ state: 'SUCCEEDED' });
    ids.set('sell-sent', sent.journal.id);
  });
  afterAll(async () => {
    await opened.close();
  });

  /** The dry run of `draft` with today's prices read by a reader that counts its reads. */
  const run = async (draft: unknown, prices: Record<string, string> | null = PRICES_NOW) => {
    const reads: string[] = [];
    const marketPrice: MarketPrice = async (market) => {
      reads.push(market);
      return prices?.[market];
    };
    const result = await dryRun(
      {
        db: h.db,
        store,
        directory: h.deps.directory,
        ...(prices && { marketPrice }),
        now: () => NOW,
      },
      { draft, to: new Date(NOW + DAY) },
    );
    return { result, reads };
  };
  const changed = (result: PolicyDryRun, name: string): DryRunChange | undefined =>
    result.changed.items.find((item) => item.journal_id === ids.get(name));

  it('judges a market sell at today’s price plus each document’s margin: a threshold between the two changes its outcome', async () => {
    // 6,500 USD lies between 6,400 (the notional) and 6,528 (with the 2 % margin). The order sent
    // at once is judged at the 60,000 it was decided at (6,120): it does not change.
    const { result, reads } = await run(policyAbove('6500'));
    expect(result.changed.items.map((item) => item.journal_id)).toEqual([ids.get('sell-now')]);
    expect(changed(result, 'sell-now')).toEqual({
      journal_id: ids.get('sell-now'),
      operation: 'createOrder',
      created_at: new Date(NOW - DAY).toISOString(),
      operator: 'finance',
      asset: 'USD',
      amount: null,
      price_read: 'now',
      then: {
        outcome: 'send',
        version: 1,
        rule: 'orders',
        rule_words: expect.any(String),
        estimate: estimate('0.1', '64000', '2', '6400.00', '6528.00'),
      },
      draft: {
        outcome: 'hold',
        approvers: 1,
        roles: ['admin'],
        rule: 'large-orders',
        rule_words: expect.stringContaining('plus 2 %'),
        estimate: estimate('0.1', '64000', '2', '6400.00', '6528.00'),
      },
    });
    expect(result.market_orders).toEqual({
      priced_when_decided: 2,
      priced_now: 2,
      unpriced: 1,
      prices: [
        { market: 'BTCUSD', price: '64000', asset: 'USD', read_at: new Date(NOW).toISOString() },
      ],
    });
    // Once per market, whatever the number of its orders; the decided ones' prices were kept.
    expect(reads.sort()).toEqual(['BTCUSD', 'ETHUSD']);
  });

  it('takes the draft’s own margin for the draft: at 1 % the same threshold sends it', async () => {
    const { result } = await run(policyAbove('6500', '1'));
    expect(changed(result, 'sell-now')).toBeUndefined();
    // At 0 % the held order's 12,000 passes under 12,100 (below).
    const zero = await run(policyAbove('12100', '0'));
    expect(changed(zero.result, 'sell-now')).toBeUndefined();
  });

  it('judges a held order at the price its request recorded when decided, not today’s', async () => {
    // Recorded: 12,000 USD at 60,000, under 12,100 at 0 %, so the draft sends what was held.
    // At today's 64,000 it would be 12,800, and the draft would hold it too.
    const { result } = await run(policyAbove('12100', '0'));
    expect(result.changed.items.map((item) => item.journal_id)).toEqual([ids.get('sell-held')]);
    const item = changed(result, 'sell-held')!;
    expect(item).toMatchObject({
      amount: null,
      price_read: 'when_decided',
      then: { outcome: 'hold', estimate: estimate('0.2', '60000', '2', '12000.00', '12240.00') },
      draft: { outcome: 'send', estimate: estimate('0.2', '60000', '0', '12000.00', '12000.00') },
    });
  });

  it('judges an order sent at once at the price it was decided at, kept by its journal entry', async () => {
    const [kept] = await h.db.query<{ market_estimate: string | null }>(
      'select market_estimate from journal_entries where id = $1',
      [ids.get('sell-sent')!],
    );
    expect(JSON.parse(kept!.market_estimate!)).toEqual(
      estimate('0.1', '60000', '2', '6000.00', '6120.00'),
    );
    // 6,200 USD: above the 6,120 it was decided at, below the 6,528 of today's price.
    const { result } = await run(policyAbove('6200'));
    expect(changed(result, 'sell-sent')).toBeUndefined();
    // Under 6,100 it would have been held when it was sent.
    const lower = await run(policyAbove('6100'));
    expect(changed(lower.result, 'sell-sent')).toMatchObject({
      price_read: 'when_decided',
      then: { outcome: 'send', estimate: estimate('0.1', '60000', '2', '6000.00', '6120.00') },
      draft: { outcome: 'hold', estimate: estimate('0.1', '60000', '2', '6000.00', '6120.00') },
    });
  });

  it('leaves an order it cannot price unknown, held by any threshold, and counts it', async () => {
    const { result, reads } = await run(policyAbove('6500'), null);
    expect(reads).toEqual([]);
    // Without a price now, only the held order is priced; 6,500 and 10,000 hold the others alike.
    expect(result.market_orders).toEqual({
      priced_when_decided: 2,
      priced_now: 0,
      unpriced: 3,
      prices: [],
    });
    expect(result.changed.total).toBe(0);
    expect(result.then).toMatchObject({ hold: 4, send: 2 });
  });

  it('POST /api/policy/dry-run prices today through the app’s reader, sending nothing', async () => {
    const before = requests.length;
    const res = await h.post('/api/policy/dry-run', h.cookies.admin, {
      draft: policyAbove('6500'),
      to: new Date(NOW + DAY).toISOString(),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PolicyDryRun;
    expect(body.market_orders).toMatchObject({
      priced_when_decided: 2,
      priced_now: 2,
      unpriced: 1,
      prices: [{ market: 'BTCUSD', price: '60000', asset: 'USD' }],
    });
    expect(requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
