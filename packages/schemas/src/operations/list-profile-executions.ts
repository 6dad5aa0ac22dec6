import {
  dateTimeParam,
  idParam,
  limitParam,
  pageCursorParam,
  textParam,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { ExecutionSchema } from '../resources/execution';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const listProfileExecutions = defineRead({
  id: 'listProfileExecutions',
  title: 'Fills of a profile',
  description: 'Executions (fills) of one profile’s orders.',
  path: '/v2/profiles/{profile_id}/executions',
  scope: 'exchange:read_order',
  roles: ROLES,
  parent: 'getProfile',
  route: '/profiles/:profile_id/executions',
  result: {},
  pathShape: {
    profile_id: pathIdField('Profile', 'who', undefined, 'listProfiles'),
  },
  queryShape: {
    order_id: idParam('Order', 'listOrders'),
    since_execution_id: textParam('Since execution id', 40),
    'range.begin': dateTimeParam('Executed at or after'),
    'range.end': dateTimeParam('Executed at or before'),
    page_cursor: pageCursorParam(),
    limit: limitParam(500),
  },
  item: ExecutionSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 500, defaultLimit: 20 },
  example: (ids) => ({ params: { profile_id: ids.profiles.marketMaking } }),
});
