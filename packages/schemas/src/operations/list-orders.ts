import { FINAL_ORDER_STATUSES, MARKETS, ORDER_STATUSES } from '../primitives/trading-enums';
import {
  dateTimeParam,
  deprecatedOffsetParam,
  enumParam,
  idParam,
  idsParam,
  limitParam,
  pageCursorParam,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { OrderSchema } from '../resources/order';
import { defineRead } from './define-read';

export const listOrders = defineRead({
  id: 'listOrders',
  title: 'Orders',
  description: 'Orders of every profile the credential sees, or of one profile or account.',
  path: '/v2/orders',
  scope: 'exchange:read_order',
  roles: ROLES,
  nav: { duty: 'Trading', label: 'Orders' },
  route: '/orders',
  page: true,
  result: {
    status: { member: 'status', known: ORDER_STATUSES, terminal: FINAL_ORDER_STATUSES },
    record: { operation: 'getOrder', params: { profile_id: 'profile_id', id: 'id' } },
  },
  pathShape: {},
  queryShape: {
    profile_id: idParam('Profile', 'listProfiles'),
    account_id: idParam('Account', 'listAccounts'),
    market: enumParam('Market', MARKETS),
    status: enumParam('Status', ORDER_STATUSES),
    'order_time.begin': dateTimeParam('Placed at or after'),
    'order_time.end': dateTimeParam('Placed at or before'),
    ref_ids: idsParam('Reference ids'),
    page_cursor: pageCursorParam(),
    limit: limitParam(1000),
    offset: deprecatedOffsetParam(),
  },
  item: OrderSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000 },
  example: (ids) => ({ query: { profile_id: ids.profiles.marketMaking, limit: '3' } }),
});
