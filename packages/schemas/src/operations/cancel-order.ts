import { z } from 'zod';
import { MONEY_ROLES } from '../primitives/roles';
import { pathIdField } from './common-fields';
import { defineOperation } from './define-operation';

/**
 * A request to cancel: the answer `{}` says it was received, and the order may still fill before
 * the cancellation takes effect. An order that can no longer be cancelled answers 403.
 */
export const cancelOrder = defineOperation({
  id: 'cancelOrder',
  title: 'Cancel order',
  description:
    'Asks the service to cancel an open order; it may still fill before the cancellation takes effect.',
  method: 'DELETE',
  path: '/v2/profiles/{profile_id}/orders/{id}',
  scope: 'exchange:write_order',
  movesMoney: false,
  takesRefId: false,
  roles: MONEY_ROLES,
  approval: { because: 'trades', required: false, approvers: MONEY_ROLES },
  // The order's status says whether the cancel took: CANCELLED, or FILLED and past cancelling.
  lostAnswer: { settle: 'plan' },
  parent: 'getOrder',
  route: '/orders/:profile_id/:id/cancel',
  result: {
    record: {
      operation: 'getOrder',
      params: { profile_id: 'profile_id', id: 'id' },
    },
  },
  pathShape: {
    profile_id: pathIdField('Profile', 'who', 'The order’s profile', 'listProfiles'),
    id: pathIdField('Order', 'what', 'The order to cancel', 'listOrders'),
  },
  bodyShape: {},
  response: z.looseObject({}),
  example: (ids) => ({ profile_id: ids.profiles.marketMaking, id: ids.orders.open }),
});
