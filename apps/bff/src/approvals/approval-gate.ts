import type { HoldForApproval } from '../send/submit';
import type { ApprovalDeps } from './approval-deps';
import { holdForApproval } from './approval-flow';
import { requirementFor } from './policy';

/**
 * The send pipeline's approval step: a send the policy names is journaled and held for its
 * approvers; any other goes out at once.
 */
export function approvalGate(deps: ApprovalDeps): HoldForApproval {
  return async (operation, entry, body, operator) => {
    const requirement = requirementFor(deps.policy, operation, body);
    return requirement ? holdForApproval(deps, entry, requirement, operator) : undefined;
  };
}
