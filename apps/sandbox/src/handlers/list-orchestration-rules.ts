import { recordKey } from '../state/keys';
import { filtersOf, oneOf, page, listAnswer, pagingOf } from '../state/pages';
import { paging, text, values } from './query';
import type { ReadHandler } from './types';

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
    pagingOf('listOrchestrationRules'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  const items = result.items.map((r) => structuredClone(r));
  return listAnswer('listOrchestrationRules', items, result.next_page_cursor);
};
