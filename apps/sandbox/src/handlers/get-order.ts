import { notFound } from '../problem';
import { profileOr404 } from '../state/balances';
import { orderView } from '../state/order-view';
import type { ReadHandler } from './types';

/** Get Order: an order of the profile in the path, else 404. */
export const getOrder: ReadHandler = ({ params, state }) => {
  const profileId = params.profile_id ?? '';
  profileOr404(state, profileId);
  const order = state.orders.get(params.id ?? '');
  if (!order || order.profile_id !== profileId) {
    throw notFound(`id: order ${params.id} does not exist for profile ${profileId}`);
  }
  return orderView(order);
};
