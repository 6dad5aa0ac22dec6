import { describe, expect, it } from 'vitest';
import type { Profile } from '@/lib/read-schemas';
import { assetTotals, balanceRows, sortBalances } from './balance-rows';

const profiles = new Map<string, Profile>([
  ['p-t', { id: 'p-t', nickname: 'Treasury', type: 'NORMAL' }],
  ['p-p', { id: 'p-p', nickname: 'Payouts', type: 'NORMAL' }],
]);
const rows = balanceRows([
  {
    profileId: 'p-t',
    items: [
      { asset: 'USD', available: '1000000.00', trading: '0.00' },
      { asset: 'BTC', available: '9.5', trading: '0.5' },
    ],
  },
  {
    profileId: 'p-p',
    items: [
      { asset: 'USD', available: '100000.10', trading: '0.20' },
      { asset: 'BTC', available: '10.00000001', trading: '0' },
    ],
  },
]);

describe('balances at a glance', () => {
  it('totals each asset exactly over the profiles, and counts who holds it', () => {
    expect(assetTotals(rows)).toEqual([
      {
        id: 'BTC',
        asset: 'BTC',
        available: '19.50000001',
        trading: '0.5',
        total: '20.00000001',
        holders: 2,
      },
      {
        id: 'USD',
        asset: 'USD',
        available: '1100000.1',
        trading: '0.2',
        total: '1100000.3',
        holders: 2,
      },
    ]);
  });

  it('sorts by profile name, or by asset with the largest total first', () => {
    const key = (r: (typeof rows)[number]) => `${r.profile_id}:${r.balance.asset}`;
    expect(sortBalances(rows, 'profile', profiles).map(key)).toEqual([
      'p-p:BTC',
      'p-p:USD',
      'p-t:BTC',
      'p-t:USD',
    ]);
    expect(sortBalances(rows, 'largest', profiles).map(key)).toEqual([
      'p-p:BTC',
      'p-t:BTC',
      'p-t:USD',
      'p-p:USD',
    ]);
  });
});
