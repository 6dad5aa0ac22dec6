import { FINAL_ORCHESTRATION_STATUSES, ORCHESTRATION_STATUSES } from '../primitives/transfer-enums';
import { assetCode } from '../primitives/identifier';
import {
  arrayParam,
  enumsParam,
  idsParam,
  limitParam,
  orderParam,
  pageCursorParam,
  timeRangeParams,
} from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { OrchestrationSchema } from '../resources/orchestration';
import { defineRead } from './define-read';

export const listOrchestrations = defineRead({
  id: 'listOrchestrations',
  title: 'Orchestrations',
  description: 'Orchestrations, newest first: ad hoc, and those made by rules from deposits.',
  path: '/v2/orchestration/orchestrations',
  scope: 'orchestration:read_orchestration',
  roles: ROLES,
  nav: { duty: 'Orchestration', label: 'Orchestrations' },
  route: '/orchestrations',
  page: true,
  result: {
    status: {
      member: 'status',
      known: ORCHESTRATION_STATUSES,
      terminal: FINAL_ORCHESTRATION_STATUSES,
    },
    record: { operation: 'getOrchestration', params: { id: 'id' } },
  },
  pathShape: {},
  queryShape: {
    orchestration_id: idsParam('Orchestration ids'),
    profile_id: idsParam('Profile ids', 'listProfiles'),
    orchestration_rule_id: idsParam('Rule ids', 'listOrchestrationRules'),
    source_asset: arrayParam('Source assets', assetCode('Source asset')),
    destination_asset: arrayParam('Destination assets', assetCode('Destination asset')),
    status: enumsParam('Statuses', ORCHESTRATION_STATUSES),
    ref_id: idsParam('Reference ids'),
    ...timeRangeParams('created_at', 'Created'),
    order: orderParam(),
    limit: limitParam(1000),
    page_cursor: pageCursorParam(),
  },
  // The service may answer under `items`, keeping `orchestrations` as a deprecated alias.
  item: OrchestrationSchema,
  list: {
    member: 'items',
    alias: 'orchestrations',
    defaultOrder: 'DESC',
    maxLimit: 1000,
    defaultLimit: 100,
  },
  example: () => ({ query: { status: ['COMPLETED'] } }),
});
