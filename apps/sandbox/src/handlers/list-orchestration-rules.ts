import { recordKey } from '../state/keys';
import { filtersOf, oneOf, page, withCursor, type PagingRules } from '../state/pages';
import { paging, text, values } from './query';
import type { ReadHandler } from './types';

/** List Orchestration Rules: 100 a page by default, at most 1000, newest first. */
export const RULE_PAGING: PagingRules = { defaultLimit: 100, maxLimit: 1000, defaultOrder: 'DESC' };

/** List Orchestration Rules, deleted ones included; the page under `rules` and under `items`. */
export const listOrchestrationRules: ReadHandler = ({ query, state }) => {
  const matching = [...state.rules.values()].filter(
    (r) =>
      oneOf(text(query, 'profile_id'), r.profile_id) &&
      oneOf(values(query, 'status'), r.status) &&
      oneOf(text(query, 'source_asset'), r.source_asset) &&
      oneOf(text(query, 'destination_asset'), r.destination_asset) &&
      oneOf(values(query, 'ids'), r.id),
  );
  const result = page(
    matching,
    (r) => recordKey(r),
    RULE_PAGING,
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  const items = result.items.map((r) => structuredClone(r));
  return { rules: items, items, ...withCursor(result.next_page_cursor) };
};
