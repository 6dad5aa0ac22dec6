import { OperationPage } from '@/components/form';
import { CreateOrchestrationFields } from './fields/create-orchestration-fields';
import { CreateOrchestrationRuleFields } from './fields/create-orchestration-rule-fields';
import { reviewOrchestration, reviewOrchestrationRule } from './review';

export function OrchestrationRoute() {
  return (
    <OperationPage
      operationId="createOrchestration"
      Fields={CreateOrchestrationFields}
      review={reviewOrchestration}
    />
  );
}

export function OrchestrationRuleRoute() {
  return (
    <OperationPage
      operationId="createOrchestrationRule"
      Fields={CreateOrchestrationRuleFields}
      review={reviewOrchestrationRule}
    />
  );
}
