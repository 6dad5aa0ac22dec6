import { fieldError } from '../problem';
import { timeKey } from '../state/keys';
import { executionView } from '../state/order-view';
import { filtersOf, page, listAnswer, pagingOf } from '../state/pages';
import type { Execution, SandboxState } from '../state/store';
import { paging, text, type Query } from './query';
import type { ReadHandler } from './types';

/** Execution ids are uint64: compared as numbers, exactly, through BigInt. */
function idNumber(name: string, value: string): bigint {
  if (!/^[0-9]{1,20}$/.test(value)) throw fieldError(name, 'must be an execution id (uint64)');
  return BigInt(value);
}

/**
 * The executions matching the filters, newest first. `since_execution_id` is applied as the
 * appendix documents it: executions after the given id are left out.
 */
export function listExecutionsOf(
  state: SandboxState,
  query: Query,
  profileId: string | undefined,
  id: 'listExecutions' | 'listProfileExecutions',
): unknown {
  const accountId = text(query, 'account_id');
  const orderId = text(query, 'order_id');
  const since = text(query, 'since_execution_id');
  const upTo = since === undefined ? undefined : idNumber('since_execution_id', since);
  const begin = text(query, 'range.begin');
  const end = text(query, 'range.end');
  for (const [name, value] of [
    ['range.begin', begin],
    ['range.end', end],
  ] as const) {
    if (value !== undefined && Number.isNaN(Date.parse(value))) {
      throw fieldError(name, 'must be an RFC 3339 date-time');
    }
  }
  const matching = state.executions.filter(
    (e: Execution) =>
      (profileId === undefined || e.profile_id === profileId) &&
      (accountId === undefined || e.account_id === accountId) &&
      (orderId === undefined || e.order_id === orderId) &&
      (upTo === undefined || BigInt(e.execution_id) <= upTo) &&
      (begin === undefined || e.executed_at >= Date.parse(begin)) &&
      (end === undefined || e.executed_at <= Date.parse(end)),
  );
  const result = page(
    matching,
    (e) => [timeKey(e.executed_at), e.execution_id.padStart(20, '0')],
    pagingOf(id),
    { ...paging(query), order: undefined, order_by: undefined },
    filtersOf({ ...query, profile_id: profileId }),
  );
  return listAnswer(id, result.items.map(executionView), result.next_page_cursor);
}

/** List Executions (#13): all, or one profile's or account's by query. */
export const listExecutions: ReadHandler = ({ query, state }) =>
  listExecutionsOf(state, query, text(query, 'profile_id'), 'listExecutions');
