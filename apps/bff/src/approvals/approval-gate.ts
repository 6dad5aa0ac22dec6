import { ProblemError } from '../errors';
import type { HoldForApproval } from '../send/submit';
import type { ApprovalDeps } from './approval-deps';
import { holdForApproval } from './approval-flow';
import { takeSnapshot } from './approval-snapshot';
import { requirementFor } from './policy';
import { currentOperators, prospectOf } from './prospect';

/**
 * The send pipeline's approval step: a send the policy names is journaled and held for its
 * approvers, with the record it changes as the service holds it now (read here, never taken from
 * the browser); any other goes out at once.
 */
export function approvalGate(deps: ApprovalDeps): HoldForApproval {
  return async (operation, entry, body, operator) => {
    const requirement = requirementFor(deps.policy, operation, body);
    if (!requirement) return undefined;
    // A request no current operator could approve would wait in silence until it expired.
    const prospect = prospectOf(
      {
        needed: requirement.approversNeeded,
        roles: requirement.roles,
        maker: operator.username,
      },
      0,
      [],
      await currentOperators(deps),
    );
    if (prospect.stalled) {
      throw new ProblemError({
        status: 422,
        code: 'approval-impossible',
        detail: `Nothing was journaled: it could never be sent. ${prospect.stalled}`,
      });
    }
    const snapshot = await takeSnapshot(
      deps,
      operation,
      entry.request_path,
      entry.request_id,
      deps.now(),
    );
    return holdForApproval(deps, entry, requirement, operator, snapshot);
  };
}
