import { FIAT_ACCOUNT_STATUSES, FINAL_FIAT_ACCOUNT_STATUSES } from '../primitives/transfer-enums';
import { FIAT_ROLES } from '../primitives/roles';
import {
  FiatAccountOwnerRequestSchema,
  FiatAccountSchema,
  FiatNetworkInstructionsRequestSchema,
} from '../resources/fiat-account';
import { metadataField, optional, pathIdField } from './common-fields';
import { defineOperation } from './define-operation';

export const updateFiatAccount = defineOperation({
  id: 'updateFiatAccount',
  title: 'Update fiat account',
  description:
    'Changes a fiat account’s owner, network instructions or metadata; the account goes back to PENDING until approved.',
  method: 'PUT',
  path: '/v2/transfer/fiat-accounts/{id}',
  scope: 'transfer:write_fiat_account',
  movesMoney: false,
  takesRefId: false,
  roles: FIAT_ROLES,
  approval: { because: 'changes-payee', required: true, approvers: FIAT_ROLES },
  // No ref_id: only reading the account says whether it holds the update.
  lostAnswer: { settle: 'plan' },
  // Opened from the account it changes: its page offers Update.
  parent: 'getFiatAccount',
  route: '/fiat-accounts/:id/edit',
  result: {
    status: {
      member: 'status',
      known: FIAT_ACCOUNT_STATUSES,
      terminal: FINAL_FIAT_ACCOUNT_STATUSES,
    },
    record: { operation: 'getFiatAccount', params: { id: 'id' } },
  },
  pathShape: {
    id: pathIdField('Fiat account', 'who', 'The fiat account UUID', 'listFiatAccounts'),
  },
  bodyShape: {
    fiat_account_owner: FiatAccountOwnerRequestSchema.optional().meta({
      label: 'Account owner',
      group: 'who',
    }),
    fiat_network_instructions: FiatNetworkInstructionsRequestSchema.optional().meta({
      label: 'Network instructions',
      group: 'what',
    }),
    metadata: optional(metadataField()),
  },
  rules(body, report) {
    if (
      body.fiat_account_owner === undefined &&
      body.fiat_network_instructions === undefined &&
      body.metadata === undefined
    ) {
      report([], 'Change at least one of the owner, the network instructions or the metadata');
    }
  },
  response: FiatAccountSchema,
  example: (ids) => ({
    id: ids.fiatAccounts.acme,
    fiat_account_owner: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
    metadata: { ticket: 'SUP-1042' },
  }),
});
