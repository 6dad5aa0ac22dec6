import {
  dateTimeParam,
  idParam,
  limitParam,
  pageCursorParam,
  textParam,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { ExecutionSchema } from '../resources/execution';
import { defineRead } from './define-read';

export const listExecutions = defineRead({
  id: 'listExecutions',
  title: 'Fills',
  description: 'Executions (fills) of orders: price, amount, commission and time.',
  path: '/v2/executions',
  scope: 'exchange:read_order',
  roles: ROLES,
  nav: { duty: 'Trading', label: 'Fills' },
  route: '/executions',
  result: {},
  pathShape: {},
  queryShape: {
    profile_id: idParam('Profile', 'listProfiles'),
    account_id: idParam('Account', 'listAccounts'),
    order_id: idParam('Order', 'listOrders'),
    since_execution_id: textParam('Since execution id', 40),
    'range.begin': dateTimeParam('Executed at or after'),
    'range.end': dateTimeParam('Executed at or before'),
    page_cursor: pageCursorParam(),
    limit: limitParam(1000),
  },
  item: ExecutionSchema,
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000 },
  example: () => ({ query: { limit: '2' } }),
});
