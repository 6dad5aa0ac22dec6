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
  pathShape: {},
  bodyShape: transferBodyShape,
  rules: transferRules,
  response: TransferSchema,
});
