import { profileOr404 } from '../state/balances';
import type { PagingRules } from '../state/pages';
import { listExecutionsOf } from './list-executions';
import type { ReadHandler } from './types';

/** List Executions of one profile (#14): 20 a page by default, at most 500. */
export const PROFILE_EXECUTION_PAGING: PagingRules = {
  defaultLimit: 20,
  maxLimit: 500,
  defaultOrder: 'DESC',
};

export const listProfileExecutions: ReadHandler = ({ params, query, state }) => {
  const profile = profileOr404(state, params.profile_id ?? '');
  return listExecutionsOf(state, query, profile.id, PROFILE_EXECUTION_PAGING);
};
