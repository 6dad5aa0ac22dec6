import { describe, expect, it } from 'vitest';
import { parseWith } from '../errors';
import { createCryptoWithdrawalFee } from './create-crypto-withdrawal-fee';

const base = { asset: 'BTC', crypto_network: 'BITCOIN', destination_address: 'bc1q...' };

describe('Create Crypto Withdrawal Fee: exactly one of amount and total', () => {
  it.each([
    ['amount only', { amount: '0.1' }, []],
    ['total only', { total: '0.1' }, []],
    [
      'both',
      { amount: '0.1', total: '0.2' },
      [{ path: 'total', message: 'Give either amount or total, not both' }],
    ],
    ['neither', {}, [{ path: 'amount', message: 'Give either amount or total' }]],
    ['amount 0', { amount: '0' }, [{ path: 'amount', message: 'Amount must be greater than 0' }]],
    ['total 0', { total: '0.0' }, [{ path: 'total', message: 'Total must be greater than 0' }]],
  ])('%s', (_name, extra, expected) => {
    const result = parseWith(createCryptoWithdrawalFee.request, { ...base, ...extra });
    expect(result.ok ? [] : result.errors).toEqual(expected);
  });

  it.each(['asset', 'crypto_network', 'destination_address'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...base, amount: '1' };
    delete input[field];
    const result = parseWith(createCryptoWithdrawalFee.request, input);
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual([field]);
  });
});
