import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import { refusesOutsideBook } from '@console/schemas';

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
