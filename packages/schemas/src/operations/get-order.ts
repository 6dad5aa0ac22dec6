import { FINAL_ORDER_STATUSES, ORDER_STATUSES } from '../primitives/trading-enums';
import { ROLES } from '../primitives/roles';
import { OrderSchema } from '../resources/order';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

/** Orders created before 2022-05-16 cannot be retrieved. */
export const getOrder = defineRead({
  id: 'getOrder',
  title: 'Order',
  description: 'One order as the service holds it now: status, fills so far, average price.',
  path: '/v2/profiles/{profile_id}/orders/{id}',
  scope: 'exchange:read_order',
  roles: ROLES,
  parent: 'listOrders',
  route: '/orders/:profile_id/:id',
  page: true,
  result: { status: { member: 'status', known: ORDER_STATUSES, terminal: FINAL_ORDER_STATUSES } },
  pathShape: {
    profile_id: pathIdField('Profile', 'who', 'The order’s profile', 'listProfiles'),
    id: pathIdField('Order', 'what', undefined, 'listOrders'),
  },
  queryShape: {},
  response: OrderSchema,
  example: (ids) => ({ params: { profile_id: ids.profiles.marketMaking, id: ids.orders.open } }),
});
