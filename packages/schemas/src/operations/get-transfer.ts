import { FINAL_TRANSFER_STATUSES, TRANSFER_STATUSES } from '../primitives/transfer-enums';
import { ROLES } from '../primitives/roles';
import { TransferSchema } from '../resources/transfer';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const getTransfer = defineRead({
  id: 'getTransfer',
  title: 'Transfer',
  description: 'One transfer as the service holds it now; the call to follow its status.',
  path: '/v2/transfer/transfers/{id}',
  scope: 'transfer:read_transfer',
  roles: ROLES,
  parent: 'listTransfers',
  route: '/transfers/:id',
  page: true,
  result: {
    status: { member: 'status', known: TRANSFER_STATUSES, terminal: FINAL_TRANSFER_STATUSES },
  },
  pathShape: {
    id: pathIdField('Transfer', 'what', undefined, 'listTransfers'),
  },
  queryShape: {},
  response: TransferSchema,
  example: (ids) => ({ params: { id: ids.transfers.usd } }),
});
