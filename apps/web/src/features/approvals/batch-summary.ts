import type { Batch, Role } from '@console/schemas';
import { formatMoney } from '@/lib/format-amount';
import { operationTitle } from '@/lib/operation-title';

/**
 * A batch in one line, for the queue (issue 66): its rows, the total per asset and the largest
 * row, what its approver weighs before opening it.
 *
 * @example
 * batchSummary(batch); // "50 rows of Create internal transfer: 12,500.00 USD in all, the largest 900.00 USD"
 */
export function batchSummary(batch: Pick<Batch, 'operation' | 'row_count' | 'totals' | 'largest'>) {
  const rows = `${batch.row_count} row${batch.row_count === 1 ? '' : 's'} of ${operationTitle(batch.operation)}`;
  const totals = batch.totals.map((t) => formatMoney(t.amount, t.asset)).join(' and ');
  const largest = batch.largest.map((t) => formatMoney(t.amount, t.asset)).join(', ');
  return `${rows}${totals ? `: ${totals} in all` : ''}${largest ? `, the largest ${largest}` : ''}`;
}

/**
 * Whether `batch` waits for this operator's approval: awaiting it, made by someone else, one of
 * its roles theirs, and not approved by them yet, as the batch's page decides who may approve.
 */
export function waitsForMe(batch: Batch, me: { username: string; role: Role }): boolean {
  return (
    batch.state === 'awaiting_approval' &&
    batch.created_by !== me.username &&
    batch.approver_roles.includes(me.role) &&
    !batch.approvals.some((a) => a.by === me.username)
  );
}
