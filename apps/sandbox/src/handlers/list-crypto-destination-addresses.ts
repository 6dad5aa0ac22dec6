import { recordKey } from '../state/keys';
import { filtersOf, listAnswer, oneOf, page, pagingOf, withinTimes } from '../state/pages';
import { paging, text, values } from './query';
import type { ReadHandler } from './types';

/**
 * List Crypto Destination Addresses, under `addresses`. `bookmarked_status` keeps the bookmarked
 * (true) or the others (false); both when omitted.
 */
export const listCryptoDestinationAddresses: ReadHandler = ({ query, state }) => {
  const bookmarked = text(query, 'bookmarked_status');
  const matching = [...state.destination_addresses.values()].filter(
    (a) =>
      oneOf(values(query, 'ids'), a.id) &&
      oneOf(values(query, 'identity_ids'), a.identity_id) &&
      oneOf(values(query, 'crypto_networks'), a.crypto_network) &&
      oneOf(values(query, 'addresses'), a.address) &&
      oneOf(values(query, 'nicknames'), a.nickname) &&
      (bookmarked === undefined || String(a.bookmarked) === bookmarked) &&
      withinTimes(query, 'created_at', a.created_at),
  );
  const result = page(
    matching,
    (a) => recordKey(a),
    pagingOf('listCryptoDestinationAddresses'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer(
    'listCryptoDestinationAddresses',
    result.items.map((a) => structuredClone(a)),
    result.next_page_cursor,
  );
};
