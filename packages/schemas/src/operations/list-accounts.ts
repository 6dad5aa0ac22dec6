import {
  enumParam,
  idParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { AccountSchema } from '../resources/account';
import { defineRead } from './define-read';

export const listAccounts = defineRead({
  id: 'listAccounts',
  title: 'Accounts',
  description:
    'Accounts of the identities the client acts for: the primary identity, the members and the account’s own profile.',
  path: '/v2/identity/accounts',
  scope: 'identity:read_account',
  roles: ROLES,
  nav: { duty: 'Profiles', label: 'Accounts' },
  route: '/accounts',
  page: true,
  result: {},
  pathShape: {},
  queryShape: {
    identity_id: idParam('Primary identity', 'listIdentities'),
    ...timeRangeParams('created_at', 'Created'),
    ...timeRangeParams('updated_at', 'Updated'),
    order: orderParam(),
    order_by: enumParam('Order by', ['CREATED_AT']).meta({ group: 'options' }),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  item: AccountSchema,
  // The appendix states no page size: 1000 at most, as the service's other lists.
  list: { member: 'items', defaultOrder: 'DESC', maxLimit: 1000 },
  example: (ids) => ({ query: { identity_id: ids.identities.northwind } }),
});
