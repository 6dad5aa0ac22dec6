import { z } from 'zod';
import { FIAT_ROLES } from '../primitives/roles';
import { pathIdField } from './common-fields';
import { defineOperation } from './define-operation';

/** After deletion no new transfer to the account can be started; the answer is `{}`. */
export const deleteFiatAccount = defineOperation({
  id: 'deleteFiatAccount',
  title: 'Delete fiat account',
  description: 'Deletes a fiat account: no new transfer to it can be started.',
  method: 'DELETE',
  path: '/v2/transfer/fiat-accounts/{id}',
  scope: 'transfer:write_fiat_account',
  movesMoney: false,
  takesRefId: false,
  roles: FIAT_ROLES,
  approval: { because: 'changes-payee', required: true, approvers: FIAT_ROLES },
  lostAnswer: { settle: 'plan' },
  parent: 'getFiatAccount',
  route: '/fiat-accounts/:id/delete',
  result: {
    record: { operation: 'getFiatAccount', params: { id: 'id' } },
  },
  pathShape: {
    id: pathIdField('Fiat account', 'who', 'The fiat account to delete', 'listFiatAccounts'),
  },
  bodyShape: {},
  response: z.looseObject({}),
  example: (ids) => ({ id: ids.fiatAccounts.globex }),
});
