import { ROLES } from '../primitives/roles';
import { AccountSchema } from '../resources/account';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const getAccount = defineRead({
  id: 'getAccount',
  title: 'Account',
  description: 'One account: its primary identity, members, own profile and status.',
  path: '/v2/identity/accounts/{id}',
  scope: 'identity:read_account',
  roles: ROLES,
  parent: 'listAccounts',
  route: '/accounts/:id',
  page: true,
  result: {},
  pathShape: {
    id: pathIdField('Account', 'who', undefined, 'listAccounts'),
  },
  queryShape: {},
  response: AccountSchema,
  example: (ids) => ({ params: { id: ids.accounts.alice } }),
});
