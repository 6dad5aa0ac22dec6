import { MARKETS, isKnownValue, marketAssets, type Order } from '@console/schemas';
import { exceeds } from '@/lib/decimal';
import { formatAmount } from '@/lib/format-amount';

/**
 * The statuses in which an order can still be cancelled: waiting to be submitted, submitted, or
 * resting on the book. A final order (filled, cancelled, rejected, expired) offers no cancel, and
 * neither does a status the console does not know: the service stays the judge of it.
 */
export const CANCELLABLE_STATUSES: readonly string[] = ['PENDING_SUBMISSION', 'SUBMITTED', 'OPEN'];

export function canCancel(order: Pick<Order, 'status'>): boolean {
  return CANCELLABLE_STATUSES.includes(order.status);
}

/**
 * What a cancel can and cannot do, in words: it is a request the service may overtake with a
 * fill, and what has filled already stays filled.
 */
export function cancelNote(order: Order): string {
  const request =
    'Cancelling is a request: the service may still fill the order, in part or in whole, before the cancellation takes effect.';
  const filled = order.amount_filled;
  if (!filled || !exceeds(filled, '0')) return request;
  const base = isKnownValue(MARKETS, order.market) ? marketAssets(order.market).base : undefined;
  const of = order.base_amount ? ` of ${formatAmount(order.base_amount, base)}` : '';
  const asset = base ? ` ${base}` : '';
  return `${request} ${formatAmount(filled, base)}${of}${asset} has filled already and stays filled; only the rest is cancelled.`;
}
