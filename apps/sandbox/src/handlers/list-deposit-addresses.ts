import { recordKey } from '../state/keys';
import { filtersOf, oneOf, page, withinTimes, listAnswer, pagingOf } from '../state/pages';
import { paging, values } from './query';
import type { ReadHandler } from './types';

/** List Deposit Addresses, including those the service made for rules. */
export const listDepositAddresses: ReadHandler = ({ query, state }) => {
  const matching = [...state.deposit_addresses.values()].filter((a) =>
    [
      oneOf(values(query, 'ids'), a.id),
      oneOf(values(query, 'profile_ids'), a.profile_id),
      oneOf(values(query, 'identity_ids'), a.identity_id),
      oneOf(values(query, 'account_ids'), a.account_id),
      oneOf(values(query, 'ref_ids'), a.ref_id),
      oneOf(values(query, 'networks'), a.crypto_network),
      withinTimes(query, 'created_at', a.created_at),
    ].every(Boolean),
  );
  const result = page(
    matching,
    (a) => recordKey(a),
    pagingOf('listDepositAddresses'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer(
    'listDepositAddresses',
    result.items.map((a) => structuredClone(a)),
    result.next_page_cursor,
  );
};
