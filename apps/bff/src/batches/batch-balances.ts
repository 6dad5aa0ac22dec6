/**
 * Whether each source profile can pay its rows: the rows of a batch leave in row order, so a row
 * is payable when the profile's available balance covers it on top of the payable rows before it
 * from the same profile in the same asset. A row that is not payable gets the problem in its
 * amount cell, and is not counted against the rows after it (a smaller later row may still be
 * paid). Amounts are compared with decimals.
 */
import { operations, type BatchOperation, type BatchRowCheck } from '@console/schemas';
import Big from 'big.js';

/** Available balances, as the service answered them once for the whole file. */
export interface Balances {
  /** The available amount of `asset` on `profileId` as a decimal string; undefined when unknown. */
  available(profileId: string, asset: string): string | undefined;
}

/** The profile a row's money leaves from, where it leaves from a profile. */
export function sourceProfileOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.from_profile_id === 'string') return body.from_profile_id;
  const source = body.source as { profile?: { profile_id?: unknown } } | undefined;
  const fromProfile = source?.profile?.profile_id;
  return typeof fromProfile === 'string' ? fromProfile : undefined;
}

/** The profiles whose balances the check needs: every source profile of a valid row. */
export function sourceProfilesOf(rows: readonly BatchRowCheck[]): string[] {
  const out = new Set<string>();
  for (const row of rows) {
    const profile = row.body && sourceProfileOf(row.body);
    if (profile) out.add(profile);
  }
  return [...out];
}

/**
 * Adds a problem to each valid row its source profile cannot pay after the rows before it, and
 * takes the row out of the valid ones. A row whose balance is unknown is left as it is: the
 * service decides it when it is sent.
 */
export function checkBalances(
  operation: BatchOperation,
  rows: BatchRowCheck[],
  balances: Balances,
  columnOf: (field: string) => string | null,
): void {
  const fields = operations[operation].approval.amount;
  if (!fields) return;
  const spent = new Map<string, Big>();
  for (const row of rows) {
    if (!row.body) continue;
    const profile = sourceProfileOf(row.body);
    const amount = row.body[fields.amount];
    const asset = row.body[fields.asset];
    if (!profile || typeof amount !== 'string' || typeof asset !== 'string') continue;
    const available = balances.available(profile, asset);
    if (available === undefined) continue;
    const key = `${profile}\u0000${asset}`;
    const before = spent.get(key) ?? new Big(0);
    const after = before.plus(amount);
    if (after.gt(available)) {
      row.errors.push({
        column: columnOf(fields.amount),
        field: fields.amount,
        message: `Not enough ${asset} available: the profile has ${available}, and the rows before this one from it already take ${before.toFixed()}`,
      });
      row.body = null;
      continue;
    }
    spent.set(key, after);
  }
}
