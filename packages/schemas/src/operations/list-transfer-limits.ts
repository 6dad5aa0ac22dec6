import { z } from 'zod';
import { TRANSFER_TYPES } from '../primitives/transfer-enums';
import { ROLES } from '../primitives/roles';
import { TransferLimitSchema } from '../resources/transfer-limit';
import { defineRead } from './define-read';

export const listTransferLimits = defineRead({
  id: 'listTransferLimits',
  title: 'Transfer limits',
  description:
    'What transfers of one type may still move: each limit, per transaction or per period, and what remains of it.',
  path: '/v2/transfer/limits/utilizations',
  scope: 'transfer:read_transfer_limit',
  roles: ROLES,
  nav: { duty: 'Transfers', label: 'Transfer limits' },
  route: '/transfer-limits',
  result: {},
  pathShape: {},
  queryShape: {
    // Required, and one type only: the limits are asked for per transfer type.
    transfer_type: z
      .enum(TRANSFER_TYPES, {
        error: (issue) =>
          issue.input === undefined
            ? 'Transfer type is required'
            : `Transfer type must be one of ${TRANSFER_TYPES.join(', ')}`,
      })
      .meta({ label: 'Transfer type', group: 'what' }),
  },
  // No paging: every limit of the type at once.
  response: z.looseObject({ items: z.array(TransferLimitSchema) }),
  example: () => ({ query: { transfer_type: 'SVC_TRANSFER_DEBIT' } }),
});
