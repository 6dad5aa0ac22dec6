import { iso } from '../clock';
import { depositInstructionsView } from '../state/deposit-instructions';
import { timeKey } from '../state/keys';
import { filtersOf, listAnswer, oneOf, page, pagingOf, withinTimes } from '../state/pages';
import { paging, values } from './query';
import type { ReadHandler } from './types';

/** List Fiat Deposit Instructions, those the service made for rules included. */
export const listFiatDepositInstructions: ReadHandler = ({ query, state }) => {
  const matching = [...state.deposit_instructions.values()].filter(
    (d) =>
      oneOf(values(query, 'ids'), d.id) &&
      oneOf(values(query, 'ref_ids'), d.ref_id) &&
      withinTimes(query, 'created_at', iso(d.created_at)),
  );
  const result = page(
    matching,
    (d) => [timeKey(d.created_at), d.id],
    pagingOf('listFiatDepositInstructions'),
    { ...paging(query), order_by: 'CREATED_AT' },
    filtersOf(query),
  );
  return listAnswer(
    'listFiatDepositInstructions',
    result.items.map(depositInstructionsView),
    result.next_page_cursor,
  );
};
