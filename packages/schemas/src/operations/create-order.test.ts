import { describe, expect, it } from 'vitest';
import { parseWith } from '../errors';
import {
  ORDER_TYPES,
  TIME_IN_FORCE,
  type OrderType,
  type TimeInForce,
} from '../primitives/trading-enums';
import { createOrder, orderAmountFields, TIME_IN_FORCE_TABLE } from './create-order';

const NOW = 1_790_000_000_000;
const PROFILE = '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e02';
const schema = createOrder.requestAt(NOW);

/** A valid order of each type, to vary one field at a time. */
function order(type: OrderType, extra: Record<string, unknown> = {}) {
  const amounts: Record<OrderType, Record<string, string>> = {
    LIMIT: { base_amount: '0.5', price: '60000' },
    POST_ONLY_LIMIT: { base_amount: '0.5', price: '60000' },
    MARKET: { quote_amount: '100' },
    STOP_MARKET: { stop_price: '55000', base_amount: '0.5' },
    STOP_LIMIT: { stop_price: '55000', price: '54900', base_amount: '0.5' },
  };
  // Stop orders are stop-loss sells; the others are buys unless a test says otherwise.
  const side = type.startsWith('STOP') ? 'SELL' : 'BUY';
  return { profile_id: PROFILE, side, market: 'BTCUSD', type, ...amounts[type], ...extra };
}

function errors(input: unknown) {
  const result = parseWith(schema, input);
  return result.ok ? [] : result.errors;
}

// The spec's time-in-force table: D default, V valid, - not allowed.
const TABLE: Record<OrderType, Record<TimeInForce, 'D' | 'V' | '-'>> = {
  MARKET: { IOC: 'D', GTC: '-', GTT: '-', FOK: '-' },
  LIMIT: { IOC: 'V', GTC: 'D', GTT: 'V', FOK: 'V' },
  POST_ONLY_LIMIT: { IOC: 'V', GTC: 'D', GTT: 'V', FOK: 'V' },
  STOP_MARKET: { IOC: '-', GTC: 'D', GTT: 'V', FOK: '-' },
  STOP_LIMIT: { IOC: '-', GTC: 'D', GTT: 'V', FOK: '-' },
};

describe('Create Order: time in force', () => {
  const cells = ORDER_TYPES.flatMap((type) => TIME_IN_FORCE.map((tif) => [type, tif] as const));
  it.each(cells)('%s with %s', (type, tif) => {
    const cell = TABLE[type][tif];
    const extra = tif === 'GTT' ? { expiration_date: String(NOW + 60_000) } : {};
    const found = errors(order(type, { time_in_force: tif, ...extra }));
    if (cell === '-') {
      expect(found).toContainEqual({
        path: 'time_in_force',
        message: expect.stringMatching(new RegExp(`^${tif} is not allowed for`)),
      });
    } else {
      expect(found).toEqual([]);
    }
    expect(TIME_IN_FORCE_TABLE[type].default === tif).toBe(cell === 'D');
  });

  it('applies the default when omitted', () => {
    for (const type of ORDER_TYPES) expect(errors(order(type))).toEqual([]);
  });
});

describe('Create Order: GTT expiry', () => {
  const gtt = (expiration_date?: string) =>
    errors(
      order('LIMIT', { time_in_force: 'GTT', ...(expiration_date ? { expiration_date } : {}) }),
    );

  it.each([
    ['placement + 10 s', String(NOW + 10_000), false],
    ['placement + 11 s', String(NOW + 11_000), true],
    ['placement + 10.001 s', String(NOW + 10_001), true],
    ['in the past', String(NOW - 1), false],
  ])('%s → accepted %s', (_name, expiry, ok) => {
    const found = gtt(expiry);
    expect(found).toEqual(
      ok
        ? []
        : [{ path: 'expiration_date', message: 'Expiry must be more than 10 seconds from now' }],
    );
  });

  it.each(['179000000000', '17900000000000', '1790000000000.5', 'soon'])(
    'needs 13 digits of milliseconds: %j',
    (expiry) => {
      expect(gtt(expiry)).toContainEqual({
        path: 'expiration_date',
        message: 'Expiry must be a Unix time in milliseconds (13 digits)',
      });
    },
  );

  it('is required for GTT and refused otherwise', () => {
    expect(gtt()).toEqual([
      { path: 'expiration_date', message: 'Expiry is required for a GTT order' },
    ]);
    expect(errors(order('LIMIT', { expiration_date: String(NOW + 60_000) }))).toEqual([
      { path: 'expiration_date', message: 'Expiry applies only to GTT orders' },
    ]);
  });

  it('is checked against the clock it is given, not the machine’s', () => {
    const input = order('LIMIT', { time_in_force: 'GTT', expiration_date: String(NOW + 30_000) });
    expect(createOrder.requestAt(NOW).safeParse(input).success).toBe(true);
    expect(createOrder.requestAt(NOW + 25_000).safeParse(input).success).toBe(false);
  });
});

describe('Create Order: other limits', () => {
  it.each([
    [0, true],
    [10_000, true],
    [10_001, false],
    [-1, false],
    [1.5, false],
    ['100', false],
  ])('await_fill_millis %j → accepted %s', (value, ok) => {
    expect(errors(order('MARKET', { await_fill_millis: value })).length === 0).toBe(ok);
  });

  it.each([
    ['x'.repeat(36), true],
    ['x'.repeat(37), false],
  ])('self_match_prevention_id of %#', (value, ok) => {
    expect(errors(order('LIMIT', { self_match_prevention_id: value })).length === 0).toBe(ok);
  });

  it.each([
    [{ identity_id: 'i', identity_account_id: 'a' }, []],
    [{}, []],
    [
      { identity_id: 'i' },
      [
        {
          path: 'identity_account_id',
          message: 'Identity account is required when an identity is given',
        },
      ],
    ],
    [
      { identity_account_id: 'a' },
      [
        {
          path: 'identity_id',
          message: 'Identity is required when an identity account is given',
        },
      ],
    ],
  ])('identity pair %j', (extra, expected) => {
    expect(errors(order('LIMIT', extra))).toEqual(expected);
  });
});

describe('Create Order: amounts per type', () => {
  it.each([
    ['LIMIT', 'BUY', ['base_amount', 'price']],
    ['POST_ONLY_LIMIT', 'SELL', ['base_amount', 'price']],
    ['MARKET', 'BUY', ['quote_amount']],
    ['MARKET', 'SELL', ['base_amount']],
    ['STOP_MARKET', 'SELL', ['stop_price', 'base_amount']],
    ['STOP_LIMIT', 'SELL', ['stop_price', 'price', 'base_amount']],
  ] as const)('%s %s needs %j and nothing else', (type, side, needed) => {
    expect(orderAmountFields(type, side)).toEqual(needed);
    const bare = { profile_id: PROFILE, side, market: 'ETHUSD', type };
    expect(
      errors(bare)
        .map((e) => e.path)
        .sort(),
    ).toEqual([...needed].sort());
    const all = { ...bare, base_amount: '1', quote_amount: '1', price: '1', stop_price: '1' };
    const refused = errors(all).map((e) => e.path);
    const notApplying = ['base_amount', 'quote_amount', 'price', 'stop_price'].filter(
      (f) => !needed.includes(f as never),
    );
    expect(refused.sort()).toEqual(notApplying.sort());
  });

  it('refuses amounts of 0 and in exponent form', () => {
    expect(errors(order('LIMIT', { price: '0' }))).toEqual([
      { path: 'price', message: 'Price must be greater than 0' },
    ]);
    expect(errors(order('LIMIT', { base_amount: '1e5' }))[0]?.path).toBe('base_amount');
  });

  it('reports every problem at once, cross-field rules included', () => {
    const found = errors({
      profile_id: PROFILE,
      market: 'BTCUSD',
      type: 'LIMIT',
      metadata: { a: 1 },
    });
    expect(found.map((e) => e.path).sort()).toEqual(['base_amount', 'metadata.a', 'price', 'side']);
  });
});

describe('Create Order: rules of the appendix checked before sending', () => {
  it.each(['STOP_MARKET', 'STOP_LIMIT'] as const)('%s sells only', (type) => {
    expect(errors(order(type, { side: 'BUY' }))).toContainEqual({
      path: 'side',
      message: expect.stringMatching(/^Stop orders are stop-loss sells/),
    });
    expect(errors(order(type, { side: 'SELL' }))).toEqual([]);
  });

  it.each([
    ['a market buy at the 0.01 minimum', order('MARKET', { quote_amount: '0.01' }), []],
    ['a market buy below it', order('MARKET', { quote_amount: '0.009' }), ['quote_amount']],
    ['a limit at the base minimum', order('LIMIT', { base_amount: '0.00000001' }), []],
    ['a limit below it', order('LIMIT', { base_amount: '0.000000009' }), ['base_amount']],
    [
      'a market sell below it',
      order('MARKET', { side: 'SELL', quote_amount: undefined, base_amount: '0.000000001' }),
      ['base_amount'],
    ],
    ['a stop below it', order('STOP_MARKET', { base_amount: '0.000000005' }), ['base_amount']],
  ])('%s', (_name, input, paths) => {
    expect(errors(input).map((e) => e.path)).toEqual(paths);
  });
});
