import { iso } from '../clock';
import { accountView } from '../state/identity-view';
import { timeKey } from '../state/keys';
import { filtersOf, listAnswer, oneOf, page, pagingOf, withinTimes } from '../state/pages';
import { paging, text } from './query';
import type { ReadHandler } from './types';

/** List Accounts; `identity_id` keeps the accounts whose primary identity it is (not those it is a member of). */
export const listAccounts: ReadHandler = ({ query, state }) => {
  const matching = [...state.accounts.values()].filter(
    (a) =>
      oneOf(text(query, 'identity_id'), a.identity_id) &&
      withinTimes(query, 'created_at', iso(a.created_at)) &&
      withinTimes(query, 'updated_at', iso(a.updated_at)),
  );
  const result = page(
    matching,
    (a) => [timeKey(a.created_at), a.id],
    pagingOf('listAccounts'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer('listAccounts', result.items.map(accountView), result.next_page_cursor);
};
