import { profileOr404 } from '../state/balances';
import { listOrdersOf } from './list-orders';
import type { ReadHandler } from './types';

/** List Orders of one profile (#11): the profile in the path, the filters of #10 but no profile or account. */
export const listProfileOrders: ReadHandler = ({ params, query, state }) => {
  const profile = profileOr404(state, params.profile_id ?? '');
  return listOrdersOf(state, query, profile.id);
};
