import { describe, expect, it } from 'vitest';
import { limitedAmount, thresholdAmount } from './send-amount';

const counted = (id: string, body: Record<string, unknown>) => {
  const found = limitedAmount(id, body);
  return found && `${found.amount.toFixed()} ${found.asset}`;
};

describe('what a send counts against its maker’s limits', () => {
  it.each([
    [
      'an internal transfer: its amount',
      'createInternalTransfer',
      { amount: '250.5', asset: 'USD' },
      '250.5 USD',
    ],
    [
      'a service transfer: its amount',
      'createSvcTransfer',
      { amount: '0.1', asset: 'BTC' },
      '0.1 BTC',
    ],
    [
      'an orchestration: its source amount',
      'createOrchestration',
      { source_amount: '9', source_asset: 'EUR', destination_amount: '10' },
      '9 EUR',
    ],
  ])('%s', (_, id, body, words) => {
    expect(counted(id, body)).toBe(words);
  });

  it.each([
    [
      'an order, which trades inside a profile',
      'createOrder',
      { market: 'BTCUSD', quote_amount: '100' },
    ],
    [
      'a deposit address, which moves nothing',
      'createDepositAddress',
      { amount: '1', asset: 'USD' },
    ],
    ['a change to the book', 'addAllowedDestination', { amount: '1', asset: 'USD' }],
    ['a transfer without an asset', 'createInternalTransfer', { amount: '1' }],
    ['a transfer whose amount is a number', 'createInternalTransfer', { amount: 5, asset: 'USD' }],
    [
      'a transfer whose amount has an exponent',
      'createInternalTransfer',
      { amount: '1e3', asset: 'USD' },
    ],
    ['a transfer without an amount', 'createSvcTransfer', { asset: 'USD' }],
  ])('nothing of %s', (_, id, body) => {
    expect(limitedAmount(id, body)).toBeUndefined();
  });
});

describe('the notional of an order a threshold compares', () => {
  it.each([
    [
      'a stop-limit order: its limit price, not its stop price',
      { market: 'BTCUSD', base_amount: '2', price: '100', stop_price: '90' },
      '200',
    ],
    [
      'a market buy given a base amount too: its quote amount',
      { market: 'BTCUSD', quote_amount: '50', base_amount: '2', price: '100' },
      '50',
    ],
    [
      'a limit order whose quote amount is no decimal: base times price',
      { market: 'BTCUSD', quote_amount: 'lots', base_amount: '2', price: '100' },
      '200',
    ],
  ])('%s', (_, body, notional) => {
    const found = thresholdAmount('createOrder', body);
    expect(found?.asset).toBe('USD');
    expect(found?.amount?.toFixed()).toBe(notional);
  });

  it('a market that is no text is not known: a threshold then holds the order', () => {
    expect(thresholdAmount('createOrder', { market: 42, quote_amount: '1' })).toEqual({
      asset: '',
      amount: undefined,
    });
  });
});
