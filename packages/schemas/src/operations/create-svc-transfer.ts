import { FINAL_TRANSFER_STATUSES, TRANSFER_STATUSES } from '../primitives/transfer-enums';
import { MONEY_ROLES } from '../primitives/roles';
import { TransferSchema } from '../resources/transfer';
import { defineOperation } from './define-operation';
import { transferBodyShape, transferRules } from './transfer-body';

export const createSvcTransfer = defineOperation({
  id: 'createSvcTransfer',
  title: 'Create svc transfer',
  description:
    'Moves an asset between profiles over the service’s own rail; answers the sender-side record.',
  method: 'POST',
  path: '/v2/transfer/svc',
  scope: 'transfer:write_svc_transfer',
  movesMoney: true,
  takesRefId: true,
  roles: MONEY_ROLES,
  approval: {
    because: 'moves-money',
    required: true,
    approvers: MONEY_ROLES,
    amount: { amount: 'amount', asset: 'asset' },
    destination: { field: 'to_profile_id', holds: 'counterparty-profile', asset: 'asset' },
  },
  lostAnswer: {
    settle: 'ref',
    read: 'listTransfers',
    filter: 'ref_ids',
    type: 'SVC_TRANSFER_DEBIT',
  },
  nav: { duty: 'Transfers', label: 'Svc transfer' },
  route: '/transfers/new/svc',
  result: {
    status: { member: 'status', known: TRANSFER_STATUSES, terminal: FINAL_TRANSFER_STATUSES },
    record: { operation: 'getTransfer', params: { id: 'id' } },
  },
  pathShape: {},
  bodyShape: transferBodyShape,
  rules: transferRules,
  response: TransferSchema,
  example: (ids) => ({
    from_profile_id: ids.profiles.treasury,
    to_profile_id: ids.profiles.trading,
    asset: 'ETH',
    amount: '0.5',
  }),
});
