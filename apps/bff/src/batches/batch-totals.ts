/**
 * The sums of a batch's rows that are sent (issue 39): per asset, and per asset and destination,
 * with big.js (never JavaScript numbers). The check's own totals count every valid row; a batch
 * counts only those not excluded, and not refused by the policy, so it sums them here.
 */
import { destinationOf, type BatchOperation, type BatchTotal } from '@console/schemas';
import Big from 'big.js';
import { thresholdAmount } from '../rules/send-amount';

/** The destination as the per-destination sums name it: a profile id, an address, an account. */
export function destinationKey(operation: BatchOperation, body: Record<string, unknown>): string {
  const target = destinationOf(operation, body)?.target;
  if (!target) return '';
  switch (target.kind) {
    case 'crypto-address':
      return target.address;
    case 'fiat-account':
      return target.fiat_account_id;
    default:
      return target.profile_id;
  }
}

/**
 * Sums `rows` per asset and per asset and destination, each list in the order its first row
 * came.
 *
 * @example
 * batchTotals('createInternalTransfer', [{ body: { asset: 'USD', amount: '1.10', to_profile_id: 'p' } }]);
 * // { totals: [{ asset: 'USD', amount: '1.1', rows: 1 }], by_destination: [{ …, destination: 'p' }] }
 */
export function batchTotals(
  operation: BatchOperation,
  rows: { body: Record<string, unknown> }[],
): { totals: BatchTotal[]; by_destination: BatchTotal[] } {
  const totals = new Map<string, { amount: Big; rows: number }>();
  const byDestination = new Map<string, { asset: string; destination: string; amount: Big; rows: number }>();
  for (const { body } of rows) {
    const found = thresholdAmount(operation, body);
    if (!found?.amount || !found.asset) continue;
    const total = totals.get(found.asset) ?? { amount: new Big(0), rows: 0 };
    totals.set(found.asset, { amount: total.amount.plus(found.amount), rows: total.rows + 1 });
    const destination = destinationKey(operation, body);
    const key = JSON.stringify([found.asset, destination]);
    const sum = byDestination.get(key) ?? {
      asset: found.asset,
      destination,
      amount: new Big(0),
      rows: 0,
    };
    byDestination.set(key, { ...sum, amount: sum.amount.plus(found.amount), rows: sum.rows + 1 });
  }
  return {
    totals: [...totals].map(([asset, t]) => ({ asset, amount: t.amount.toFixed(), rows: t.rows })),
    by_destination: [...byDestination.values()].map((d) => ({
      asset: d.asset,
      amount: d.amount.toFixed(),
      rows: d.rows,
      destination: d.destination,
    })),
  };
}
