import { FIAT_DEPOSIT_INSTRUCTIONS_STATUSES } from '../primitives/transfer-enums';
import { ROLES } from '../primitives/roles';
import { FiatDepositInstructionsSchema } from '../resources/fiat-deposit-instructions';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const getFiatDepositInstructions = defineRead({
  id: 'getFiatDepositInstructions',
  title: 'Deposit instructions',
  description: 'One set of fiat deposit instructions: the bank to wire to and the memo to quote.',
  path: '/v2/transfer/fiat-deposit-instructions/{id}',
  scope: 'transfer:read_fiat_deposit_instructions',
  roles: ROLES,
  parent: 'listFiatDepositInstructions',
  route: '/deposit-instructions/:id',
  page: true,
  result: {
    status: {
      member: 'status',
      known: FIAT_DEPOSIT_INSTRUCTIONS_STATUSES,
      terminal: ['DEPRECATED'],
    },
  },
  pathShape: {
    id: pathIdField('Deposit instructions', 'what', undefined, 'listFiatDepositInstructions'),
  },
  queryShape: {},
  response: FiatDepositInstructionsSchema,
  example: (ids) => ({ params: { id: ids.fiatDepositInstructions.act } }),
});
