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
  pathShape: {},
  bodyShape: transferBodyShape,
  rules: transferRules,
  response: TransferSchema,
});
