/**
 * What an operator initiated, or approved, of one asset in each rolling window, summed from the
 * journal with big.js (issue 37). A send counts when it left or may have left, or may still
 * leave: SUCCEEDED, SENDING, UNKNOWN, APPROVED and AWAITING_APPROVAL; a DUPLICATE repeats an
 * intent that counts already, and a refused, cancelled or expired one moved nothing. The
 * initiator's send counts from when it was journaled, an approval from when it was given.
 */
import { LIMIT_WINDOW_MS, LIMIT_WINDOWS, type LimitWindow } from '@console/schemas';
import Big from 'big.js';
import type { Queryable } from '../db/db';
import { LIMITED_OPERATIONS, limitedAmount } from './send-amount';

/** The states whose amounts count against a limit. */
export const COUNTED_STATES = [
  'SUCCEEDED',
  'SENDING',
  'UNKNOWN',
  'APPROVED',
  'AWAITING_APPROVAL',
] as const;

/** The sum of one asset in each window, in the asset's own units. */
export type WindowSums = Record<LimitWindow, Big>;

const LONGEST_MS = Math.max(...Object.values(LIMIT_WINDOW_MS));

export const noSums = (): WindowSums =>
  Object.fromEntries(LIMIT_WINDOWS.map((w) => [w, new Big(0)])) as WindowSums;

function bodyOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Adds each row's amount of `asset` to the windows its time falls in (after `now - window`). */
function sumRows(
  rows: { operation: string; request_body: string; at: Date | string }[],
  asset: string,
  now: number,
): WindowSums {
  const sums = noSums();
  for (const row of rows) {
    const amount = limitedAmount(row.operation, bodyOf(row.request_body));
    if (!amount || amount.asset !== asset) continue;
    const at = new Date(row.at).getTime();
    for (const window of LIMIT_WINDOWS) {
      if (at > now - LIMIT_WINDOW_MS[window]) sums[window] = sums[window].plus(amount.amount);
    }
  }
  return sums;
}

/** What `operator` initiated of `asset` in each window ending at `now`. */
export async function initiatedSums(
  q: Queryable,
  operator: string,
  asset: string,
  now: number,
): Promise<WindowSums> {
  const rows = await q.query<{ operation: string; request_body: string; at: Date | string }>(
    `select operation, request_body, created_at as at from journal_entries
     where operator = $1 and created_at > $2::timestamptz and state = any($3::text[])
       and operation = any($4::text[])`,
    [operator, new Date(now - LONGEST_MS).toISOString(), COUNTED_STATES, LIMITED_OPERATIONS],
  );
  return sumRows(rows, asset, now);
}

/** What `approver` approved of `asset` in each window ending at `now`. */
export async function approvedSums(
  q: Queryable,
  approver: string,
  asset: string,
  now: number,
): Promise<WindowSums> {
  const rows = await q.query<{ operation: string; request_body: string; at: Date | string }>(
    `select e.operation, e.request_body, a.approved_at as at
     from approvals a join journal_entries e on e.id = a.journal_id
     where a.approver = $1 and a.approved_at > $2::timestamptz and e.state = any($3::text[])
       and e.operation = any($4::text[])`,
    [approver, new Date(now - LONGEST_MS).toISOString(), COUNTED_STATES, LIMITED_OPERATIONS],
  );
  return sumRows(rows, asset, now);
}

/** Namespace of the limit locks among the database's advisory locks (the migrations use 4242001). */
const LIMIT_LOCK = 4242037;

/**
 * Takes the transaction's lock of one operator's limits of one asset on one side: two sends (or
 * approvals) of theirs at the same moment, in any process, sum and record one after the other,
 * so that they cannot both pass a limit that only one fits in. Released at commit or rollback.
 */
export async function lockLimits(
  tx: Queryable,
  side: 'initiate' | 'approve',
  who: string,
  asset: string,
): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [
    LIMIT_LOCK,
    `${side}\n${who}\n${asset}`,
  ]);
}
