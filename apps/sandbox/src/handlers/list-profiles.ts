import { timeKey } from '../state/keys';
import { filtersOf, oneOf, page, withinTimes, listAnswer, pagingOf } from '../state/pages';
import { profileView } from '../state/profile-view';
import { iso } from '../clock';
import { paging, text, values } from './query';
import type { ReadHandler } from './types';

/**
 * List Profiles: the customer's active profiles. `nickname` is a case-insensitive prefix of the
 * display name, taken literally (no wildcards, no patterns).
 */
export const listProfiles: ReadHandler = ({ query, state }) => {
  const prefix = text(query, 'nickname')?.toLowerCase();
  const ids = values(query, 'ids');
  const matching = [...state.profiles.values()].filter(
    (p) =>
      !p.deactivated &&
      oneOf(ids, p.id) &&
      (prefix === undefined || p.nickname.toLowerCase().startsWith(prefix)) &&
      withinTimes(query, 'created_at', iso(p.created_at)),
  );
  const result = page(
    matching,
    (p) => [timeKey(p.created_at), p.id],
    pagingOf('listProfiles'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer('listProfiles', result.items.map(profileView), result.next_page_cursor);
};
