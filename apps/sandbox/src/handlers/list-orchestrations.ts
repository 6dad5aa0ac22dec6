import { recordKey } from '../state/keys';
import { orchestrationView } from '../state/orchestration-view';
import { filtersOf, oneOf, page, withinTimes, listAnswer, pagingOf } from '../state/pages';
import { paging, values } from './query';
import type { ReadHandler } from './types';

/**
 * List Orchestrations, every filter an array of at most 100 values. The page is answered under
 * `orchestrations` and, as the service also does, under `items`: a reader must take either.
 */
export const listOrchestrations: ReadHandler = ({ query, state }) => {
  const matching = [...state.orchestrations.values()].filter(({ record: r }) =>
    [
      oneOf(values(query, 'orchestration_id'), r.id),
      oneOf(values(query, 'profile_id'), r.profile_id),
      oneOf(values(query, 'orchestration_rule_id'), r.orchestration_rule_id),
      oneOf(values(query, 'source_asset'), r.source_asset),
      oneOf(values(query, 'destination_asset'), r.destination_asset),
      oneOf(values(query, 'status'), r.status),
      oneOf(values(query, 'ref_id'), r.ref_id),
      withinTimes(query, 'created_at', r.created_at),
    ].every(Boolean),
  );
  const result = page(
    matching,
    (o) => recordKey(o.record),
    pagingOf('listOrchestrations'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  const items = result.items.map(orchestrationView);
  return listAnswer('listOrchestrations', items, result.next_page_cursor);
};
