import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { LimitRule } from './limit-rules';
import { check, grouped, overWords, standing } from './limit-words';

describe('amounts in words', () => {
  it.each([
    ['0', 'ETH', '0'],
    ['38500', 'ETH', '38,500'],
    ['1234567.891', 'ETH', '1,234,567.891'],
    ['0.000000000000000001', 'ETH', '0.000000000000000001'],
    ['1e+25', 'ETH', '10,000,000,000,000,000,000,000,000'],
    ['999', 'ETH', '999'],
    // Fiat keeps its cents, as on every page and in every message.
    ['0', 'USD', '0.00'],
    ['38500', 'USD', '38,500.00'],
    ['0.01', 'USD', '0.01'],
    ['1e+6', 'EUR', '1,000,000.00'],
  ])('%s %s reads %s: plain notation, never an exponent', (amount, asset, words) => {
    expect(grouped(new Big(amount), asset)).toBe(words);
  });
});

const limit = (over: Partial<LimitRule> = {}): LimitRule => ({
  who: { role: 'finance' },
  side: 'initiate',
  asset: 'USD',
  window: '24h',
  max: new Big('50000'),
  over: 'escalate',
  liftRoles: ['admin'],
  ...over,
});

describe('where an operator stands against a limit', () => {
  it('says what is left of it in the pages’ format, and what passing it does', () => {
    expect(standing(limit(), new Big('11500.5'))).toEqual({
      side: 'initiate',
      asset: 'USD',
      window: '24h',
      max: '50000',
      used: '11500.5',
      left: '38499.5',
      when_over: 'escalate',
      rule: 'role',
      text: '38,499.50 of 50,000.00 USD left in the last 24 hours',
    });
  });

  it('shows nothing left, never a negative amount, once more than the limit was used', () => {
    const past = standing(limit({ window: '1h' }), new Big('50000.01'));
    expect(past).toMatchObject({ used: '50000.01', left: '0' });
    expect(past.text).toBe('0.00 of 50,000.00 USD left in the last hour');
    expect(standing(limit(), new Big('50000')).left).toBe('0');
  });

  it.each([
    [
      'an operator’s own limit',
      limit({ who: { operator: 'ada' }, over: 'refuse' }),
      'operator',
      'refuse',
    ],
    ['an approval limit, which always refuses', limit({ side: 'approve' }), 'role', 'refuse'],
  ] as const)('names %s', (_, rule, kind, whenOver) => {
    expect(standing(rule, new Big(0))).toMatchObject({ rule: kind, when_over: whenOver });
  });
});

describe('a send as it meets a limit', () => {
  it.each([
    ['exactly the limit passes', '40000', '10000', false],
    ['a cent more is over', '40000', '10000.01', true],
    ['a send alone above the limit is over', '0', '50000.000000000000000001', true],
  ] as const)('%s', (_, used, amount, over) => {
    const met = check(limit(), new Big(used), new Big(amount));
    expect(met).toMatchObject({ used, amount, over });
  });

  it('is told in words an approver reads', () => {
    const met = check(limit({ window: '7d' }), new Big('49000'), new Big('1500'));
    expect(overWords(met)).toBe(
      'the limit of 50,000.00 USD in the last 7 days (49,000.00 used, 1,000.00 left; this is 1,500.00)',
    );
  });
});
