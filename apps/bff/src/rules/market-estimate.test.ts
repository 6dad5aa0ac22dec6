import {
  AMOUNT_UNKNOWN_WORDS,
  exampleInput,
  type ApprovalRequirement,
  type SendPreview,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { echoSuccess, scriptedClient, sharedDb } from '../../test/harness';
import { buildPolicy } from '../approvals/policy';
import { tickerPrice } from './market-estimate';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

describe('tickerPrice', () => {
  it.each([
    [
      'the midpoint of the best bid and ask',
      { best_bid: { price: '65000' }, best_ask: { price: '65446.68' } },
      '65223.34',
    ],
    ['the last execution without a book', { last_execution: { price: '64000.5' } }, '64000.5'],
    ['nothing from a ticker without prices', { market: 'BTCUSD' }, undefined],
    [
      'nothing from a price that is no decimal',
      { best_bid: { price: 1 }, best_ask: { price: 'x' } },
      undefined,
    ],
  ])('reads %s', (_, ticker, price) => {
    expect(tickerPrice(ticker)).toBe(price);
  });
});

/** Orders quoted in USD above 25,000 need one approver; other orders go at once. */
const policy = buildPolicy({
  format: 2,
  rules: [
    {
      id: 'large-orders',
      operations: ['createOrder'],
      assets: ['USD'],
      amount: { above: '25000' },
      action: { kind: 'hold', approvers: 1, roles: ['admin'] },
    },
    { id: 'orders', operations: ['createOrder'], assets: 'any', action: { kind: 'send' } },
  ],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
});

/** The service: a ticker of `market` at the prices given, and every write echoed. */
const service = (market: string, ticker: Record<string, unknown> | null) =>
  scriptedClient((request) =>
    request.method === 'GET' && request.path === `/v2/markets/${market}/ticker` && ticker
      ? { kind: 'answered', status: 200, body: { market, ...ticker }, attempts: 1, retried: false }
      : echoSuccess(request),
  ).client;

const sell = (market: string, base: string) => ({
  ...exampleInput('createOrder'),
  market,
  side: 'SELL',
  type: 'MARKET',
  quote_amount: undefined,
  base_amount: base,
});

describe('a market sell judged by its notional estimated at decision time (issue 66)', () => {
  // Each case its own market: the deployment's copy of a ticker is shared for 2 s.
  it.each([
    {
      name: 'under the threshold once priced, it goes by the next rule',
      market: 'ETHUSD',
      base: '2',
      ticker: { best_bid: { price: '3000' }, best_ask: { price: '3010' } },
      rule: 'orders',
      held: false,
      amount:
        "6,130.20 USD estimated: 2 ETH at 3,005 USD, the price read when it was decided (6,010.00 USD), plus the policy's 2 % margin",
    },
    {
      name: 'over the threshold once priced, the rule holds it and says the estimate',
      market: 'BTCUSD',
      base: '1',
      ticker: { best_bid: { price: '65000' }, best_ask: { price: '65446.68' } },
      rule: 'large-orders',
      held: true,
      amount:
        "66,527.81 USD estimated: 1 BTC at 65,223.34 USD, the price read when it was decided (65,223.34 USD), plus the policy's 2 % margin",
    },
    {
      name: 'with no price to read, any threshold holds it, and the review says so',
      market: 'LTCUSD',
      base: '0.1',
      ticker: null,
      rule: 'large-orders',
      held: true,
      amount: AMOUNT_UNKNOWN_WORDS,
    },
  ])('$name', async ({ market, base, ticker, rule, held, amount }) => {
    const h = await approvalApp({ client: service(market, ticker), policy });
    const res = await h.post(
      '/api/operations/createOrder/preview',
      h.cookies.finance,
      sell(market, base),
    );
    const preview = (await res.json()) as SendPreview;
    expect(preview.approval !== null).toBe(held);
    expect(preview.deciding_rule).toMatchObject({ rule, amount_words: amount });

    if (!held) return;
    const sent = await h.submit('createOrder', sell(market, base));
    expect(sent.status).toBe(202);
    const approval = sent.approval as ApprovalRequirement;
    expect(approval.deciding_rule).toMatchObject({ rule, position: 1, amount_words: amount });
    // The approval page names it as it was decided.
    const detail = await h.detail(sent.journal.id);
    expect(detail.approval.deciding_rule).toEqual(approval.deciding_rule);
    expect(detail.approval.deciding_rule?.words).toContain('plus 2 %');
  });
});

describe('a held market sell approved (issue 66)', () => {
  it('is judged again at the price read when it is approved, not as an amount unknown', async () => {
    // Orders above 100,000 USD need two approvers, above 25,000 one. Priced, 1 PAXG at
    // 30,000 USD (30,600 with the margin) needs one; read as unknown it would need the two.
    const twoTiers = buildPolicy({
      format: 2,
      rules: [
        {
          id: 'huge-orders',
          operations: ['createOrder'],
          assets: ['USD'],
          amount: { above: '100000' },
          action: { kind: 'hold', approvers: 2, roles: ['admin', 'finance'] },
        },
        {
          id: 'large-orders',
          operations: ['createOrder'],
          assets: ['USD'],
          amount: { above: '25000' },
          action: { kind: 'hold', approvers: 1, roles: ['admin'] },
        },
        { id: 'orders', operations: ['createOrder'], assets: 'any', action: { kind: 'send' } },
      ],
      default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    });
    const ticker = { best_bid: { price: '29990' }, best_ask: { price: '30010' } };
    const scripted = scriptedClient((request) =>
      request.method === 'GET' && request.path === '/v2/markets/PAXGUSD/ticker'
        ? { kind: 'answered', status: 200, body: ticker, attempts: 1, retried: false }
        : echoSuccess(request),
    );
    const h = await approvalApp({ client: scripted.client, policy: twoTiers });
    const held = await h.submit('createOrder', sell('PAXGUSD', '1'));
    expect(held.status).toBe(202);
    expect((held.approval as ApprovalRequirement).deciding_rule).toMatchObject({
      rule: 'large-orders',
    });
    // While it waits, the page asks what the rule priced now asks: one approval.
    expect((await h.detail(held.journal.id)).approval.prospect?.still_needed).toBe(1);

    expect((await h.approve(held.journal.id, 'admin')).status).toBe(200);
    const orders = scripted.requests.filter((r) => r.method === 'POST');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.path).toMatch(/\/orders$/);
    expect((await h.deps.journal.get(held.journal.id))?.state).not.toBe('AWAITING_APPROVAL');
  });
});
