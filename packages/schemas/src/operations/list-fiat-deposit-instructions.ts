import {
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { FiatDepositInstructionsSchema } from '../resources/fiat-deposit-instructions';
import { defineRead } from './define-read';

export const listFiatDepositInstructions = defineRead({
  id: 'listFiatDepositInstructions',
  title: 'Deposit instructions',
  description:
    'Where payers wire money into a profile, and the memo they must quote; deprecated sets are not for new payers.',
  path: '/v2/transfer/fiat-deposit-instructions',
  scope: 'transfer:read_fiat_deposit_instructions',
  roles: ROLES,
  nav: { duty: 'Fiat', label: 'Deposit instructions' },
  route: '/deposit-instructions',
  page: true,
  result: {},
  pathShape: {},
  queryShape: {
    ids: idsParam('Deposit instructions ids'),
    ref_ids: idsParam('Reference ids'),
    ...timeRangeParams('created_at', 'Created'),
    order: orderParam(),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  item: FiatDepositInstructionsSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000, defaultLimit: 100 },
  example: (ids) => ({ query: { ids: [ids.depositInstructions] } }),
});
