import { FINAL_TRANSFER_STATUSES, TRANSFER_STATUSES } from '../primitives/transfer-enums';
import { MONEY_ROLES } from '../primitives/roles';
import { TransferSchema } from '../resources/transfer';
import { defineOperation } from './define-operation';
import { transferBodyShape, transferRules } from './transfer-body';

export const createInternalTransfer = defineOperation({
  id: 'createInternalTransfer',
  title: 'Create internal transfer',
  description: 'Moves an asset from one profile to another; answers the sender-side record.',
  method: 'POST',
  path: '/v2/transfer/internal',
  scope: 'transfer:write_internal_transfer',
  movesMoney: true,
  takesRefId: true,
  roles: MONEY_ROLES,
  approval: {
    because: 'moves-money',
    required: true,
    approvers: MONEY_ROLES,
    amount: { amount: 'amount', asset: 'asset' },
    destination: { field: 'to_profile_id', holds: 'own-profile', asset: 'asset' },
  },
  lostAnswer: {
    settle: 'ref',
    read: 'listTransfers',
    filter: 'ref_ids',
    type: 'INTERNAL_TRANSFER_DEBIT',
  },
  nav: { duty: 'Transfers', label: 'Internal transfer' },
  route: '/transfers/new/internal',
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
    to_profile_id: ids.profiles.payouts,
    asset: 'USD',
    amount: '125.50',
    metadata: { reason: 'payout float' },
  }),
});
