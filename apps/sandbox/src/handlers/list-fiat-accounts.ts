import { fiatAccountListView } from '../state/fiat-accounts';
import { recordKey } from '../state/keys';
import { filtersOf, oneOf, page, withinTimes, listAnswer, pagingOf } from '../state/pages';
import { flag, paging, values } from './query';
import type { ReadHandler } from './types';

/**
 * List Fiat Accounts: 100 a page by default (the `limit` parameter's documented default, where the
 * operation text says 1000), at most 1000, newest first.
 */
/** List Fiat Accounts: shortened (no owner name or address, account numbers as `XXXX5678`). */
export const listFiatAccounts: ReadHandler = ({ query, state }) => {
  const includeDeleted = flag(query, 'include_deleted');
  const matching = [...state.fiat_accounts.values()].filter(
    (a) =>
      (includeDeleted || a.deleted_at === undefined) &&
      oneOf(values(query, 'ids'), a.id) &&
      oneOf(values(query, 'ref_ids'), a.record.ref_id) &&
      withinTimes(query, 'created_at', a.record.created_at),
  );
  const result = page(
    matching,
    (a) => recordKey({ id: a.id, created_at: a.record.created_at }),
    pagingOf('listFiatAccounts'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer(
    'listFiatAccounts',
    result.items.map(fiatAccountListView),
    result.next_page_cursor,
  );
};
