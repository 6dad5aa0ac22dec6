import {
  FINAL_ORCHESTRATION_RULE_STATUSES,
  ORCHESTRATION_RULE_STATUSES,
} from '../primitives/transfer-enums';
import { MONEY_ROLES } from '../primitives/roles';
import { z } from 'zod';
import { newRefId } from '../demo-ids';
import { text } from '../primitives/identifier';
import { OrchestrationRuleSchema } from '../resources/orchestration-rule';
import {
  DestinationRequestSchema,
  RuleSourceRequestSchema,
} from '../resources/orchestration-endpoints';
import { assetField, endUserField, idField, refIdField } from './common-fields';
import { defineOperation } from './define-operation';

export const createOrchestrationRule = defineOperation({
  id: 'createOrchestrationRule',
  title: 'Create orchestration rule',
  description:
    'Sets up a rule: when a deposit arrives at the source, the service creates an orchestration to the destination.',
  method: 'POST',
  path: '/v2/orchestration/rules',
  scope: 'orchestration:write_orchestration_rule',
  movesMoney: true,
  takesRefId: true,
  roles: MONEY_ROLES,
  approval: {
    because: 'changes-standing-instruction',
    required: true,
    approvers: MONEY_ROLES,
    destination: { field: 'destination', holds: 'rail', asset: 'destination_asset' },
  },
  // No read lists rules by ref_id; the service answers a second one already-exists.
  lostAnswer: {
    settle: 'resend',
    why: 'its ref_id makes the service answer "already exists" with the rule it made',
  },
  nav: { duty: 'Orchestration', label: 'New rule' },
  route: '/orchestration-rules/new',
  result: {
    wrapper: 'rule',
    status: {
      member: 'status',
      known: ORCHESTRATION_RULE_STATUSES,
      terminal: FINAL_ORCHESTRATION_RULE_STATUSES,
    },
    // No Get for a single rule: it is found by its id in the list.
    record: { operation: 'listOrchestrationRules', query: { ids: 'id' } },
  },
  pathShape: {},
  bodyShape: {
    profile_id: idField('Profile', 'who', 'Profile of the account owner', 'listProfiles'),
    identity_id: endUserField('Identity', 'listIdentities'),
    account_id: endUserField('Account', 'listAccounts', 'Account where the rule applies'),
    nickname: text('Nickname', 100)
      .optional()
      .meta({ label: 'Nickname', help: 'A name operators recognise', group: 'what' }),
    source_asset: assetField('Source asset', { group: 'what' }),
    source: RuleSourceRequestSchema.meta({
      label: 'Source',
      help: 'The deposits the rule watches',
      group: 'what',
    }),
    destination_asset: assetField('Destination asset', { group: 'what' }),
    destination: DestinationRequestSchema.optional().meta({
      label: 'Destination',
      help: 'Where matching deposits go',
      group: 'what',
    }),
    // Required by the spec for rules, unlike the other operations; the BFF mints one when absent.
    ref_id: refIdField('Client-provided unique reference of the rule'),
  },
  response: z.looseObject({ rule: OrchestrationRuleSchema }),
  example: (ids) => ({
    ref_id: newRefId(),
    profile_id: ids.profiles.treasury,
    nickname: 'Sweep USDC deposits',
    source_asset: 'USD',
    source: { fiat: { deposit_instructions_id: ids.depositInstructions } },
    destination_asset: 'USD',
    destination: { profile: { profile_id: ids.profiles.payouts } },
  }),
});
