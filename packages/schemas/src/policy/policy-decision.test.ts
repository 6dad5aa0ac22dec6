import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { PolicyDocumentV2Schema } from './policy-document';
import {
  AMOUNT_UNKNOWN_WORDS,
  decidingRule,
  marketEstimate,
  type MarketEstimate,
} from './policy-decision';
import { decidePolicy, type PolicyFacts } from './policy-engine';

const document = PolicyDocumentV2Schema.parse({
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

const order = (amount: string | undefined): PolicyFacts => ({
  operation: 'createOrder',
  asset: 'USD',
  amount: amount === undefined ? undefined : new Big(amount),
  destination: undefined,
  initiator_role: 'finance',
});

describe('marketEstimate', () => {
  it.each([
    // [base, price, margin, notional, with the margin]
    ['0.1', '65223.34', '2', '6522.33', '6652.79'],
    ['1', '100', '0', '100.00', '100.00'],
    ['0.5', '30000', '2.5', '15000.00', '15375.00'],
  ])('%s at %s plus %s %% is %s (%s with the margin)', (base, price, margin, notional, amount) => {
    const estimate = marketEstimate({ amount: base, asset: 'BTC' }, price, margin, 'USD');
    expect(estimate).toMatchObject({ notional, amount, margin_percent: margin, asset: 'USD' });
  });

  it('is undefined for a price that is no decimal', () => {
    expect(marketEstimate({ amount: '0.1', asset: 'BTC' }, 'n/a', '2', 'USD')).toBeUndefined();
  });
});

describe('decidingRule', () => {
  const estimate = (amount: string): MarketEstimate =>
    marketEstimate({ amount, asset: 'BTC' }, '65223.34', '2', 'USD')!;
  const decide = (facts: PolicyFacts, given?: MarketEstimate) =>
    decidingRule(document, decidePolicy(document, facts), facts, given);

  it.each([
    {
      name: 'a market sell priced under the threshold goes by the next rule',
      facts: order(estimate('0.1').amount),
      estimate: estimate('0.1'),
      rule: 'orders',
      position: 2,
      amount: /^6,652.79 USD estimated: 0.1 BTC at 65,223.34 USD.*plus the policy's 2 % margin$/,
      why: /^It matched because it is one of the operations the rule names\.$/,
    },
    {
      name: 'a market sell priced over the threshold is held by it, saying the estimate',
      facts: order(estimate('1').amount),
      estimate: estimate('1'),
      rule: 'large-orders',
      position: 1,
      amount: /^66,527.81 USD estimated/,
      why: /its amount, 66,527.81 USD estimated: .*, is above 25,000\.$/,
    },
    {
      name: 'a market sell with no price is held by any threshold, and says so',
      facts: order(undefined),
      estimate: undefined,
      rule: 'large-orders',
      position: 1,
      amount: new RegExp(`^${AMOUNT_UNKNOWN_WORDS}$`),
      why: /its amount unknown before the fill: thresholds hold it\.$/,
    },
    {
      name: 'a limit order says its amount',
      facts: order('30000'),
      estimate: undefined,
      rule: 'large-orders',
      position: 1,
      amount: /^30,000 USD$/,
      why: /its asset is USD; its amount, 30,000 USD, is above 25,000\.$/,
    },
  ])('$name', ({ facts, estimate: given, rule, position, amount, why }) => {
    const named = decide(facts, given);
    expect(named).toMatchObject({ rule, position, estimate: given ?? null });
    expect(named.amount_words).toMatch(amount);
    expect(named.why).toMatch(why);
  });

  it('names the default when no rule matched, and the margin in the words of an order threshold', () => {
    const transfer: PolicyFacts = { ...order('1'), operation: 'createInternalTransfer' };
    expect(decide(transfer)).toMatchObject({
      rule: 'default',
      position: null,
      words: 'Any other send needs 1 approver from admin',
      why: 'No rule of the policy matched it (2 looked at, in order).',
    });
    expect(decide(order(undefined)).words).toContain('plus 2 %');
  });
});
