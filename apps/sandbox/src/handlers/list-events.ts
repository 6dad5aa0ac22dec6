import { eventKey } from '../state/events';
import { filtersOf, listAnswer, oneOf, page, pagingOf, withinTimes } from '../state/pages';
import { flag, paging, text } from './query';
import type { ReadHandler } from './types';

/**
 * List Events, oldest first unless asked otherwise, under `events`. Events made at the same
 * instant keep the order they happened in. The sandbox sends no test events: with
 * `is_test=true` the list is empty.
 */
export const listEvents: ReadHandler = ({ query, state }) => {
  const matching = flag(query, 'is_test')
    ? []
    : state.events.filter(
        (e) =>
          oneOf(text(query, 'type'), e.record.type) &&
          withinTimes(query, 'created_at', e.record.created_at),
      );
  const result = page(
    matching,
    eventKey,
    pagingOf('listEvents'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer(
    'listEvents',
    result.items.map((e) => structuredClone(e.record)),
    result.next_page_cursor,
  );
};
