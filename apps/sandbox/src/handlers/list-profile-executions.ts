import { profileOr404 } from '../state/balances';
import { listExecutionsOf } from './list-executions';
import type { ReadHandler } from './types';

export const listProfileExecutions: ReadHandler = ({ params, query, state }) => {
  const profile = profileOr404(state, params.profile_id ?? '');
  return listExecutionsOf(state, query, profile.id, 'listProfileExecutions');
};
