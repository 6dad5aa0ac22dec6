import { FIAT_ACCOUNT_STATUSES, FINAL_FIAT_ACCOUNT_STATUSES } from '../primitives/transfer-enums';
import { booleanParam } from '../primitives/query';
import { FIAT_ROLES, ROLES } from '../primitives/roles';
import { FiatAccountSchema } from '../resources/fiat-account';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

/**
 * The full record is for the roles that edit or approve fiat accounts; the BFF masks it for the
 * others as the service's own list does (last four digits, no owner name or address).
 */
export const getFiatAccount = defineRead({
  id: 'getFiatAccount',
  title: 'Fiat account',
  description: 'One fiat account in full: account number, owner name and address, status.',
  path: '/v2/transfer/fiat-accounts/{id}',
  scope: 'transfer:read_fiat_account',
  roles: ROLES,
  fullRecordRoles: FIAT_ROLES,
  parent: 'listFiatAccounts',
  route: '/fiat-accounts/:id',
  page: true,
  result: {
    status: {
      member: 'status',
      known: FIAT_ACCOUNT_STATUSES,
      terminal: FINAL_FIAT_ACCOUNT_STATUSES,
    },
  },
  pathShape: {
    id: pathIdField('Fiat account', 'who', undefined, 'listFiatAccounts'),
  },
  queryShape: {
    include_deleted: booleanParam('Include deleted'),
  },
  response: FiatAccountSchema,
  example: (ids) => ({ params: { id: ids.fiatAccounts.initech } }),
});
