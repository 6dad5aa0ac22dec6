import Big from 'big.js';
import type { BalanceRow } from '@/lib/list-csv';
import { add, sum } from '@/lib/decimal';
import type { Profile, ProfileBalance } from '@/lib/read-schemas';

/** How the balances list is ordered. */
export const BALANCE_SORTS = {
  profile: 'Profile, then asset',
  largest: 'Asset, largest total first',
} as const;
export type BalanceSort = keyof typeof BALANCE_SORTS;

/** One asset summed over every profile that holds it. */
export interface AssetTotal {
  id: string;
  asset: string;
  available: string;
  trading: string;
  total: string;
  /** How many profiles hold some of it. */
  holders: number;
}

const totalOf = (b: ProfileBalance) => add(b.available, b.trading);

/** Every balance of every profile read, one row per profile and asset. */
export function balanceRows(
  balances: readonly { profileId: string; items: readonly ProfileBalance[] }[],
): BalanceRow[] {
  return balances.flatMap(({ profileId, items }) =>
    items.map((balance) => ({
      id: `${profileId}:${balance.asset}`,
      profile_id: profileId,
      balance,
    })),
  );
}

/** The totals per asset, exact (big.js, never a number), fiat first then by code. */
export function assetTotals(rows: readonly BalanceRow[]): AssetTotal[] {
  const by = new Map<string, BalanceRow[]>();
  for (const row of rows) by.set(row.balance.asset, [...(by.get(row.balance.asset) ?? []), row]);
  return [...by]
    .map(([asset, held]) => {
      const available = sum(held.map((r) => r.balance.available));
      const trading = sum(held.map((r) => r.balance.trading));
      return {
        id: asset,
        asset,
        available,
        trading,
        total: add(available, trading),
        holders: held.filter((r) => new Big(totalOf(r.balance)).gt(0)).length,
      };
    })
    .sort((a, b) => a.asset.localeCompare(b.asset));
}

/**
 * The rows in the chosen order. Amounts of different assets do not compare (a USD valuation
 * comes with market data), so "largest" orders by asset, then by total within it, exactly.
 */
export function sortBalances(
  rows: readonly BalanceRow[],
  by: BalanceSort,
  profiles: ReadonlyMap<string, Profile>,
): BalanceRow[] {
  const name = (id: string) => profiles.get(id)?.nickname ?? id;
  const byAsset = (a: BalanceRow, b: BalanceRow) => a.balance.asset.localeCompare(b.balance.asset);
  const byName = (a: BalanceRow, b: BalanceRow) =>
    name(a.profile_id).localeCompare(name(b.profile_id));
  const byTotal = (a: BalanceRow, b: BalanceRow) =>
    new Big(totalOf(b.balance)).cmp(new Big(totalOf(a.balance)));
  const order =
    by === 'profile'
      ? (a: BalanceRow, b: BalanceRow) => byName(a, b) || byAsset(a, b)
      : (a: BalanceRow, b: BalanceRow) => byAsset(a, b) || byTotal(a, b) || byName(a, b);
  return [...rows].sort(order);
}
