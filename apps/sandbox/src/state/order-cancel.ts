import { forbidden, notFound } from '../problem';
import { profileOr404 } from './balances';
import { closeOrder, isClosed } from './order-engine';
import type { SandboxState } from './store';

/**
 * Cancel Order: an order still working (SUBMITTED or OPEN, partly filled or not) becomes
 * CANCELLED at once and its hold goes back to available; what it filled stays filled. A closed
 * order answers 403, as the service does when the cancellation can no longer take effect.
 */
export function cancelOrder(state: SandboxState, profileId: string, id: string, now: number): void {
  profileOr404(state, profileId);
  const order = state.orders.get(id);
  if (!order || order.profile_id !== profileId) {
    throw notFound(`id: order ${id} does not exist for profile ${profileId}`);
  }
  if (isClosed(order)) {
    throw forbidden(`order ${id} is not in a cancellable state: it is ${order.status}`);
  }
  closeOrder(state, order, 'CANCELLED', now);
}
