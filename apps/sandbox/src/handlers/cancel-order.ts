import { cancelOrder as cancel } from '../state/order-cancel';
import type { ReadHandler } from './types';

/**
 * Cancel Order: `{}`, a receipt of the request. An open order is CANCELLED at once and its hold
 * released; a closed one answers 403 (see state/order-cancel.ts).
 */
export const cancelOrder: ReadHandler = ({ params, state, now }) => {
  cancel(state, params.profile_id ?? '', params.id ?? '', now);
  return {};
};
