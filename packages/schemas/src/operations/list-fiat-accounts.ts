import { FIAT_ACCOUNT_STATUSES, FINAL_FIAT_ACCOUNT_STATUSES } from '../primitives/transfer-enums';
import {
  booleanParam,
  enumParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { FiatAccountSchema } from '../resources/fiat-account';
import { defineRead } from './define-read';

export const listFiatAccounts = defineRead({
  id: 'listFiatAccounts',
  title: 'Fiat accounts',
  description:
    'Fiat accounts, shortened by the service: last four digits, no owner name or address.',
  path: '/v2/transfer/fiat-accounts',
  scope: 'transfer:read_fiat_account',
  roles: ROLES,
  nav: { duty: 'Fiat', label: 'Fiat accounts' },
  route: '/fiat-accounts',
  page: true,
  result: {
    status: {
      member: 'status',
      known: FIAT_ACCOUNT_STATUSES,
      terminal: FINAL_FIAT_ACCOUNT_STATUSES,
    },
    record: { operation: 'getFiatAccount', params: { id: 'id' } },
  },
  pathShape: {},
  queryShape: {
    ids: idsParam('Fiat account ids'),
    ref_ids: idsParam('Reference ids'),
    ...timeRangeParams('created_at', 'Created'),
    include_deleted: booleanParam('Include deleted'),
    order: orderParam(),
    order_by: enumParam('Order by', ['CREATED_AT']).meta({ group: 'options' }),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  // The appendix's two texts disagree on the default (100 or 1000); the console always sends one.
  item: FiatAccountSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000, defaultLimit: 100 },
  example: () => ({}),
});
