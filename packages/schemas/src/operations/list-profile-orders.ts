import { FINAL_ORDER_STATUSES, MARKETS, ORDER_STATUSES } from '../primitives/trading-enums';
import {
  dateTimeParam,
  deprecatedOffsetParam,
  enumParam,
  idsParam,
  limitParam,
  pageCursorParam,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { OrderSchema } from '../resources/order';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const listProfileOrders = defineRead({
  id: 'listProfileOrders',
  title: 'Orders of a profile',
  description: 'The orders of one profile.',
  path: '/v2/profiles/{profile_id}/orders',
  scope: 'exchange:read_order',
  roles: ROLES,
  parent: 'getProfile',
  route: '/profiles/:profile_id/orders',
  result: {
    status: { member: 'status', known: ORDER_STATUSES, terminal: FINAL_ORDER_STATUSES },
    record: { operation: 'getOrder', params: { profile_id: 'profile_id', id: 'id' } },
  },
  pathShape: {
    profile_id: pathIdField('Profile', 'who', undefined, 'listProfiles'),
  },
  queryShape: {
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
  example: (ids) => ({
    params: { profile_id: ids.profiles.marketMaking },
    query: { status: ['OPEN'] },
  }),
});
