import { z } from 'zod';
import {
  FINAL_ORCHESTRATION_RULE_STATUSES,
  ORCHESTRATION_RULE_STATUSES,
} from '../primitives/transfer-enums';
import { MONEY_ROLES } from '../primitives/roles';
import { OrchestrationRuleSchema } from '../resources/orchestration-rule';
import { pathIdField } from './common-fields';
import { defineOperation } from './define-operation';

/**
 * The rule is kept with status DELETED: it triggers no new orchestration, those it made run to
 * completion, and deposits to its source are still credited to its profile, unconverted.
 */
export const deleteOrchestrationRule = defineOperation({
  id: 'deleteOrchestrationRule',
  title: 'Delete orchestration rule',
  description:
    'Stops a rule: it matches no new deposit; deposits to its source are still credited, unconverted.',
  method: 'DELETE',
  path: '/v2/orchestration/rules/{id}',
  scope: 'orchestration:write_orchestration_rule',
  movesMoney: false,
  takesRefId: false,
  roles: MONEY_ROLES,
  approval: { because: 'changes-standing-instruction', required: true, approvers: MONEY_ROLES },
  lostAnswer: { settle: 'plan' },
  parent: 'listOrchestrationRules',
  route: '/orchestration-rules/:id/delete',
  result: {
    wrapper: 'rule',
    status: {
      member: 'status',
      known: ORCHESTRATION_RULE_STATUSES,
      terminal: FINAL_ORCHESTRATION_RULE_STATUSES,
    },
    record: { operation: 'listOrchestrationRules', query: { ids: 'id' } },
  },
  pathShape: {
    id: pathIdField('Rule', 'what', 'The rule to delete', 'listOrchestrationRules'),
  },
  bodyShape: {},
  response: z.looseObject({ rule: OrchestrationRuleSchema }),
  example: (ids) => ({ id: ids.rules.sweep }),
});
