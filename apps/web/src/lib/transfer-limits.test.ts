import type { TransferLimit } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import {
  limitExceeded,
  limitTypeOf,
  limitWords,
  overLimitWords,
  periodWords,
} from './transfer-limits';

const perTransaction: TransferLimit = {
  rule_id: 'r-1',
  transfer_types: ['INTERNAL_TRANSFER_DEBIT'],
  period_seconds: '0',
  limit: '1000000.00',
  remaining: '1000000.00',
  limit_asset: 'USD',
};
const daily: TransferLimit = {
  id: 'l-2',
  rule_id: 'r-2',
  transfer_types: ['INTERNAL_TRANSFER_DEBIT'],
  period_seconds: '86400',
  limit: '2000000.00',
  remaining: '1250.50',
  limit_asset: 'USD',
};
const limits = [perTransaction, daily];

describe('the limit a send goes past', () => {
  it('lets exactly what remains through, and refuses one unit more, naming the tightest limit', () => {
    expect(limitExceeded(limits, '1250.50', 'USD')).toBeUndefined();
    expect(limitExceeded(limits, '1250.51', 'USD')).toBe(daily);
    expect(limitExceeded(limits, '1250.500000000000000001', 'USD')).toBe(daily);
  });

  it('compares as decimals, never as numbers', () => {
    const huge = { ...daily, remaining: '9007199254740993.00' };
    expect(limitExceeded([huge], '9007199254740993.00', 'USD')).toBeUndefined();
    expect(limitExceeded([huge], '9007199254740993.01', 'USD')).toBe(huge);
  });

  it('leaves a send in another asset to the service, whose price decides', () => {
    expect(limitExceeded(limits, '5000', 'BTC')).toBeUndefined();
  });

  it('says which limit and what is left', () => {
    expect(overLimitWords(daily, '1250.51')).toBe(
      '1,250.51 USD is more than the limit of 2,000,000.00 USD a day on internal transfers allows: 1,250.50 USD is left',
    );
    expect(limitWords(perTransaction)).toBe(
      '1,000,000.00 USD per transaction on internal transfers',
    );
  });
});

describe('which limits a request counts against', () => {
  it('is the debit type of a transfer and the payout of an orchestration', () => {
    expect(limitTypeOf('createSvcTransfer', {})).toBe('SVC_TRANSFER_DEBIT');
    expect(limitTypeOf('createOrchestration', { destination: { crypto: { address: 'x' } } })).toBe(
      'CRYPTO_WITHDRAWAL',
    );
    expect(
      limitTypeOf('createOrchestration', { destination: { fiat: { fiat_account_id: 'f' } } }),
    ).toBe('WIRE_WITHDRAWAL');
    expect(
      limitTypeOf('createOrchestration', { destination: { profile: { profile_id: 'p' } } }),
    ).toBeUndefined();
    expect(
      limitTypeOf(
        'createOrchestration',
        { destination: { fiat: { fiat_account_id: 'f' } } },
        { fiatRail: () => 'dbs_act' },
      ),
    ).toBeUndefined();
    expect(limitTypeOf('createOrder', {})).toBeUndefined();
  });

  it('names periods in words', () => {
    expect(periodWords('0')).toBe('per transaction');
    expect(periodWords('86400')).toBe('a day');
    expect(periodWords('172800')).toBe('every 2 days');
    expect(periodWords('90')).toBe('every 90 seconds');
  });
});
