import { fieldError } from '../problem';
import { timeKey } from '../state/keys';
import { orderView } from '../state/order-view';
import { filtersOf, oneOf, page, listAnswer, pagingOf } from '../state/pages';
import type { OrderState, SandboxState } from '../state/store';
import { paging, text, values, type Query } from './query';
import type { ReadHandler } from './types';

function inTime(query: Query, at: number): boolean {
  const begin = text(query, 'order_time.begin');
  const end = text(query, 'order_time.end');
  if (begin !== undefined && at < Date.parse(begin)) return false;
  return end === undefined || at <= Date.parse(end);
}

/** The orders matching the filters, newest first, a page at a time (#10 and #11). */
export function listOrdersOf(
  state: SandboxState,
  query: Query,
  profileId: string | undefined,
): unknown {
  const accountId = text(query, 'account_id');
  const refIds = values(query, 'ref_ids');
  for (const bound of ['order_time.begin', 'order_time.end']) {
    const value = text(query, bound);
    if (value !== undefined && Number.isNaN(Date.parse(value))) {
      throw fieldError(bound, 'must be an RFC 3339 date-time');
    }
  }
  const account = (o: OrderState) =>
    o.identity_account_id ?? state.profiles.get(o.profile_id)?.account_id;
  const matching = [...state.orders.values()].filter(
    (o) =>
      (profileId === undefined || o.profile_id === profileId) &&
      (accountId === undefined || account(o) === accountId) &&
      oneOf(text(query, 'market'), o.market) &&
      oneOf(text(query, 'status'), o.status) &&
      oneOf(refIds, o.ref_id) &&
      inTime(query, o.created_at),
  );
  const result = page(
    matching,
    (o) => [timeKey(o.created_at), o.id],
    pagingOf('listOrders'),
    { ...paging(query), order: undefined, order_by: undefined },
    filtersOf({ ...query, profile_id: profileId }),
  );
  return listAnswer('listOrders', result.items.map(orderView), result.next_page_cursor);
}

/** List Orders (#10): every profile's, or one profile's or account's by query. */
export const listOrders: ReadHandler = ({ query, state }) => {
  const profileId = text(query, 'profile_id');
  return listOrdersOf(state, query, profileId);
};
