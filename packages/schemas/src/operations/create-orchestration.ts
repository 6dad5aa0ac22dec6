import { FINAL_ORCHESTRATION_STATUSES, ORCHESTRATION_STATUSES } from '../primitives/transfer-enums';
import { MONEY_ROLES } from '../primitives/roles';
import { positiveDecimalString } from '../primitives/decimal';
import { OrchestrationSchema } from '../resources/orchestration';
import {
  DestinationRequestSchema,
  SourceRequestSchema,
} from '../resources/orchestration-endpoints';
import {
  assetField,
  endUserField,
  idField,
  metadataField,
  optional,
  refIdField,
} from './common-fields';
import { defineOperation } from './define-operation';

/*
 * The spec marks no field of Create Orchestration required. An orchestration that does not say
 * whose funds move, what, how much, from where and to where cannot be meant, so the console asks
 * for those (docs/decisions/002-orchestration-endpoints.md).
 */
export const createOrchestration = defineOperation({
  id: 'createOrchestration',
  title: 'Create orchestration',
  description:
    'Moves a source asset over a source rail to a destination asset over a destination rail; a conversion when the assets differ.',
  method: 'POST',
  path: '/v2/orchestration/orchestrations',
  scope: 'orchestration:write_orchestration',
  movesMoney: true,
  takesRefId: true,
  roles: MONEY_ROLES,
  approval: {
    because: 'moves-money',
    required: true,
    approvers: MONEY_ROLES,
    amount: { amount: 'source_amount', asset: 'source_asset' },
    destination: { field: 'destination', holds: 'rail', asset: 'destination_asset' },
  },
  lostAnswer: { settle: 'ref', read: 'listOrchestrations', filter: 'ref_id' },
  nav: { duty: 'Orchestration', label: 'New orchestration' },
  route: '/orchestrations/new',
  result: {
    status: {
      member: 'status',
      known: ORCHESTRATION_STATUSES,
      terminal: FINAL_ORCHESTRATION_STATUSES,
    },
    record: { operation: 'getOrchestration', params: { id: 'id' } },
  },
  pathShape: {},
  bodyShape: {
    profile_id: idField('Profile', 'who', 'The profile whose funds move', 'listProfiles'),
    identity_id: endUserField(
      'Identity',
      'listIdentities',
      'Must be APPROVED, with no FROZEN or CLOSED control',
    ),
    account_id: endUserField('Account', 'listAccounts', 'An account of that identity'),
    source_asset: assetField('Source asset', { group: 'what' }),
    source: SourceRequestSchema.meta({
      label: 'Source',
      help: 'Where the funds come from',
      group: 'what',
    }),
    destination_asset: assetField('Destination asset', {
      help: 'A different asset than the source makes it a conversion',
      group: 'what',
    }),
    destination: DestinationRequestSchema.meta({
      label: 'Destination',
      help: 'Where the funds go',
      group: 'what',
    }),
    source_amount: positiveDecimalString('Source amount').meta({
      label: 'Source amount',
      group: 'amount',
      kind: 'decimal',
      asset: 'source_asset',
    }),
    ref_id: optional(refIdField()),
    metadata: optional(metadataField()),
  },
  response: OrchestrationSchema,
  example: (ids) => ({
    profile_id: ids.profiles.treasury,
    source_asset: 'USD',
    source: { profile: { profile_id: ids.profiles.treasury } },
    destination_asset: 'BTC',
    destination: { profile: { profile_id: ids.profiles.payouts } },
    source_amount: '250.00',
    metadata: { purpose: 'rebalance' },
  }),
});
