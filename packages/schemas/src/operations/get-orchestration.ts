import { FINAL_ORCHESTRATION_STATUSES, ORCHESTRATION_STATUSES } from '../primitives/transfer-enums';
import { ROLES } from '../primitives/roles';
import { OrchestrationSchema } from '../resources/orchestration';
import { pathIdField } from './common-fields';
import { defineRead } from './define-read';

export const getOrchestration = defineRead({
  id: 'getOrchestration',
  title: 'Orchestration',
  description:
    'One orchestration: its status, its source and destination transfers, why it failed.',
  path: '/v2/orchestration/orchestrations/{id}',
  scope: 'orchestration:read_orchestration',
  roles: ROLES,
  parent: 'listOrchestrations',
  route: '/orchestrations/:id',
  page: true,
  result: {
    status: {
      member: 'status',
      known: ORCHESTRATION_STATUSES,
      terminal: FINAL_ORCHESTRATION_STATUSES,
    },
  },
  pathShape: {
    id: pathIdField('Orchestration', 'what', undefined, 'listOrchestrations'),
  },
  queryShape: {},
  response: OrchestrationSchema,
  example: (ids) => ({ params: { id: ids.orchestrations.payout } }),
});
