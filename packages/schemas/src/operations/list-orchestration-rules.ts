import {
  FINAL_ORCHESTRATION_RULE_STATUSES,
  ORCHESTRATION_RULE_STATUSES,
} from '../primitives/transfer-enums';
import { assetCode } from '../primitives/identifier';
import {
  enumsParam,
  idParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { OrchestrationRuleSchema } from '../resources/orchestration-rule';
import { defineRead } from './define-read';

export const listOrchestrationRules = defineRead({
  id: 'listOrchestrationRules',
  title: 'Orchestration rules',
  description:
    'Rules, newest first, with the deposit address or instructions the service made for each.',
  path: '/v2/orchestration/rules',
  scope: 'orchestration:read_orchestration_rule',
  roles: ROLES,
  nav: { duty: 'Orchestration', label: 'Rules' },
  route: '/orchestration-rules',
  page: true,
  result: {
    status: {
      member: 'status',
      known: ORCHESTRATION_RULE_STATUSES,
      terminal: FINAL_ORCHESTRATION_RULE_STATUSES,
    },
  },
  pathShape: {},
  queryShape: {
    profile_id: idParam('Profile', 'listProfiles'),
    status: enumsParam('Statuses', ORCHESTRATION_RULE_STATUSES),
    source_asset: assetCode('Source asset')
      .optional()
      .meta({ label: 'Source asset', group: 'what' }),
    destination_asset: assetCode('Destination asset')
      .optional()
      .meta({ label: 'Destination asset', group: 'what' }),
    ids: idsParam('Rule ids'),
    order: orderParam(),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  // The service may answer under `items`, keeping `rules` as a deprecated alias.
  item: OrchestrationRuleSchema,
  list: {
    member: 'items',
    alias: 'rules',
    defaultOrder: 'DESC',
    maxLimit: 1000,
    defaultLimit: 100,
  },
  example: () => ({}),
});
