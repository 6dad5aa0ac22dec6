import { timeKey } from '../state/keys';
import { identityView } from '../state/identity-view';
import { filtersOf, listAnswer, oneOf, page, pagingOf, withinTimes } from '../state/pages';
import { iso } from '../clock';
import { paging, text, values } from './query';
import type { ReadHandler } from './types';

/**
 * List Identities, with their details: the console picks an identity by its name (the BFF masks
 * the rest of a person's details for the roles that may not see them). `control_types` and
 * `control_reason_codes` keep identities with any such active control.
 */
export const listIdentities: ReadHandler = ({ query, state }) => {
  const types = values(query, 'control_types');
  const reasons = values(query, 'control_reason_codes');
  const matching = [...state.identities.values()].filter(
    (i) =>
      oneOf(text(query, 'summary_status'), i.summary_status) &&
      oneOf(text(query, 'identity_type'), i.type) &&
      (types === undefined || i.controls.some((c) => types.includes(c.type))) &&
      (reasons === undefined || i.controls.some((c) => reasons.includes(c.reason_code ?? ''))) &&
      withinTimes(query, 'created_at', iso(i.created_at)) &&
      withinTimes(query, 'updated_at', iso(i.updated_at)),
  );
  const result = page(
    matching,
    (i) => [timeKey(i.created_at), i.id],
    pagingOf('listIdentities'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer(
    'listIdentities',
    result.items.map((i) => identityView(i, { details: true, members: false })),
    result.next_page_cursor,
  );
};
