import { fieldError } from '../problem';
import { recordKey } from '../state/keys';
import { filtersOf, oneOf, page, withinTimes, listAnswer, pagingOf } from '../state/pages';
import { paging, values, type Query } from './query';
import type { ReadHandler } from './types';

/** Filters that may each be combined only with the time filters (svc-api.md appendix #16). */
const EXCLUSIVE = ['ids', 'profile_ids', 'identity_ids', 'account_ids', 'ref_ids', 'type'];
const OTHER_FILTERS = ['group_ids', 'crypto_tx_hashes', 'statuses', 'secondary_statuses'];

const timeFilters = (query: Query, field: string) =>
  Object.keys(query).filter((k) => k.startsWith(`${field}.`) && query[k] !== undefined);

/** The appendix's two rules of List Transfers, each a 400 naming the parameter. */
function checkCombination(query: Query): void {
  const given = EXCLUSIVE.filter((name) => query[name] !== undefined);
  if (given.length > 0) {
    const other = [...given.slice(1), ...OTHER_FILTERS.filter((n) => query[n] !== undefined)][0];
    if (other !== undefined) {
      throw fieldError(
        other,
        `cannot be combined with ${given[0]}: ${given[0]} combines only with the created_at and updated_at filters`,
      );
    }
  }
  const orderBy = query.order_by ?? 'CREATED_AT';
  const created = timeFilters(query, 'created_at');
  const updated = timeFilters(query, 'updated_at');
  if (updated.length > 0 && orderBy !== 'UPDATED_AT') {
    throw fieldError(
      'order_by',
      `${updated[0]} filters by update time: order_by must be UPDATED_AT`,
    );
  }
  if (created.length > 0 && orderBy !== 'CREATED_AT') {
    throw fieldError(
      'order_by',
      `${created[0]} filters by creation time: order_by must be CREATED_AT`,
    );
  }
}

/**
 * List Transfers: every transfer of the customer, filtered. Ordered by creation (newest first) or,
 * with `order_by=UPDATED_AT`, by last update (oldest first), the polling pattern the appendix
 * suggests; a record updated during a walk by update time moves, as it does at the service.
 */
export const listTransfers: ReadHandler = ({ query, state }) => {
  checkCombination(query);
  const by = query.order_by === 'UPDATED_AT' ? 'UPDATED_AT' : 'CREATED_AT';
  const secondary = values(query, 'secondary_statuses');
  const matching = [...state.transfers.values()]
    .map((t) => t.record)
    .filter(
      (r) =>
        oneOf(values(query, 'ids'), r.id) &&
        oneOf(values(query, 'profile_ids'), r.profile_id) &&
        oneOf(values(query, 'identity_ids'), r.identity_id) &&
        oneOf(values(query, 'account_ids'), r.account_id) &&
        oneOf(values(query, 'ref_ids'), r.ref_id) &&
        oneOf(values(query, 'group_ids'), r.group_id) &&
        oneOf(values(query, 'crypto_tx_hashes'), r.crypto_tx_hash) &&
        oneOf(values(query, 'type'), r.type) &&
        oneOf(values(query, 'statuses'), r.status) &&
        oneOf(secondary, (r.secondary_status as { name?: string } | undefined)?.name) &&
        withinTimes(query, 'created_at', r.created_at) &&
        withinTimes(query, 'updated_at', r.updated_at),
    );
  const request = paging(query);
  const result = page(
    matching,
    (r, key) => recordKey(r, key),
    pagingOf('listTransfers'),
    { ...request, order_by: by, order: request.order ?? (by === 'UPDATED_AT' ? 'ASC' : 'DESC') },
    filtersOf(query),
  );
  return listAnswer(
    'listTransfers',
    result.items.map((r) => structuredClone(r)),
    result.next_page_cursor,
  );
};
