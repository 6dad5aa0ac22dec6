import { recordKey } from '../state/keys';
import { filtersOf, oneOf, page, withCursor, withinTimes, type PagingRules } from '../state/pages';
import { paging, values } from './query';
import type { ReadHandler } from './types';

/** List Deposit Addresses: 100 a page by default, at most 1000, newest first. */
export const DEPOSIT_ADDRESS_PAGING: PagingRules = {
  defaultLimit: 100,
  maxLimit: 1000,
  defaultOrder: 'DESC',
};

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
    DEPOSIT_ADDRESS_PAGING,
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return {
    items: result.items.map((a) => structuredClone(a)),
    ...withCursor(result.next_page_cursor),
  };
};
