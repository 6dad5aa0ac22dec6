import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import { refusesOutsideBook } from '@console/schemas';
import { testAmountFor } from './destination-rules';

function problemsOf(input: unknown): string[] {
  try {
    buildPolicy(input);
  } catch (error) {
    if (error instanceof PolicyError) return error.problems;
    throw error;
  }
  return [];
}

describe('destination rules in the policy file', () => {
  it('asks for the book per asset, `*` for any other; without a setting, money goes anywhere', () => {
    const withSetting = (destinations?: Record<string, 'book' | 'any'>) =>
      buildPolicy({
        operations: {
          createSvcTransfer: { required: false, ...(destinations && { destinations }) },
        },
      }).document;
    const usdOnly = withSetting({ USD: 'book', '*': 'any' });
    expect(refusesOutsideBook(usdOnly, 'createSvcTransfer', 'USD')).toBe(true);
    expect(refusesOutsideBook(usdOnly, 'createSvcTransfer', 'BTC')).toBe(false);
    expect(refusesOutsideBook(withSetting({ '*': 'book' }), 'createSvcTransfer', 'BTC')).toBe(true);
    expect(refusesOutsideBook(withSetting(), 'createSvcTransfer', 'USD')).toBe(false);
  });

  it('must name `*`, so that an asset the table forgot cannot go anywhere', () => {
    expect(
      problemsOf({
        operations: { createSvcTransfer: { required: true, destinations: { USD: 'book' } } },
      }),
    ).toEqual([
      'operations.createSvcTransfer.destinations: give "*" too ("book" or "any" for every other asset)',
    ]);
  });

  it('refuses a setting for an operation that moves nothing to a destination, and a bad value', () => {
    expect(
      problemsOf({
        operations: { createOrder: { required: false, destinations: { '*': 'book' } } },
      }),
    ).toEqual([
      'operations.createOrder: createOrder moves nothing to a destination: no destinations',
    ]);
    expect(
      problemsOf({
        operations: { createSvcTransfer: { required: true, destinations: { '*': 'always' } } },
      }).join(),
    ).toContain('operations.createSvcTransfer.destinations.*');
  });

  it('cools a new entry off 24 hours unless the file says otherwise for its kind', () => {
    const { coolingOff } = buildPolicy({
      destination_book: { cooling_off_hours: { 'own-profile': 0, 'crypto-address': 48 } },
    });
    expect(coolingOff).toEqual({
      'crypto-address': 48 * 3_600_000,
      'fiat-account': 24 * 3_600_000,
      'counterparty-profile': 24 * 3_600_000,
      'own-profile': 0,
    });
    expect(
      problemsOf({ destination_book: { cooling_off_hours: { 'fiat-account': -1 } } }).join(),
    ).toContain('destination_book.cooling_off_hours.fiat-account');
    expect(problemsOf({ destination_book: { cooling_off_hours: { bank: 1 } } }).join()).toContain(
      'destination_book.cooling_off_hours',
    );
  });
});

describe('the amount a form suggests for the first send to an entry of the book', () => {
  const suggested = (asset: string, book?: object) =>
    testAmountFor(buildPolicy({ ...(book && { destination_book: book }) }).testAmounts, asset);

  // A few US dollars' worth of each asset the console knows: enough to see the money arrive,
  // little to lose if the destination is wrong.
  it.each([
    ['USD', '1.00'],
    ['EUR', '1.00'],
    ['SGD', '1.00'],
    ['USDP', '1'],
    ['BTC', '0.0001'],
    ['ETH', '0.001'],
    ['PAXG', '0.001'],
    ['BCH', '0.01'],
    ['LTC', '0.01'],
    ['LINK', '0.1'],
    ['MATIC', '1'],
    ['AAVE', '0.01'],
    ['UNI', '0.1'],
  ])('of %s, without a word of the policy: %s', (asset, amount) => {
    expect(suggested(asset)).toBe(amount);
  });

  it('suggests no figure for an asset nobody named', () => {
    expect(suggested('DOGE')).toBeNull();
  });

  it('takes the policy’s figure for an asset, and its * only for assets neither it nor the defaults name', () => {
    const book = { test_amounts: { USD: '5.00', '*': '5' } };
    expect(suggested('USD', book)).toBe('5.00');
    expect(suggested('BTC', book)).toBe('0.0001');
    expect(suggested('DOGE', book)).toBe('5');
  });

  it('refuses a test amount that is not a decimal, or for a bad asset code, naming it', () => {
    expect(problemsOf({ destination_book: { test_amounts: { USD: '1e2' } } }).join()).toContain(
      'destination_book.test_amounts.USD',
    );
    expect(problemsOf({ destination_book: { test_amounts: { usd: '1' } } }).join()).toContain(
      'destination_book.test_amounts',
    );
    expect(problemsOf({ destination_book: { cooling_off: {} } }).join()).toContain(
      'destination_book',
    );
  });
});
