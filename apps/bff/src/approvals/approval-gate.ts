import type { Operator, SendPreview, WriteOperationId } from '@console/schemas';
import { ProblemError } from '../errors';
import type { HoldForApproval, PreviewSend } from '../send/submit';
import type { ApprovalDeps } from './approval-deps';
import { holdForApproval } from './approval-flow';
import { takeSnapshot } from './approval-snapshot';
import { requirementFor, type Requirement } from './policy';
import { currentOperators, prospectOf } from './prospect';

/**
 * What the policy asks of a send, and whether the operators there are can give it: undefined
 * when it goes out at once. The send and its preview decide alike, by this one function.
 */
async function outlook(
  deps: ApprovalDeps,
  operation: WriteOperationId,
  body: Record<string, unknown>,
  operator: Operator,
) {
  const requirement: Requirement | undefined = requirementFor(deps.policy, operation, body);
  if (!requirement) return undefined;
  const prospect = prospectOf(
    { needed: requirement.approversNeeded, roles: requirement.roles, maker: operator.username },
    0,
    [],
    await currentOperators(deps),
  );
  return { requirement, prospect };
}

/**
 * The send pipeline's approval step: a send the policy names is journaled and held for its
 * approvers, with the record it changes as the service holds it now (read here, never taken from
 * the browser); any other goes out at once. A send no current operator could approve is refused
 * before anything is journaled: it would wait in silence until it expired (issue 33).
 */
export function approvalGate(deps: ApprovalDeps): HoldForApproval {
  return async (operation, entry, body, operator) => {
    const decided = await outlook(deps, operation, body, operator);
    if (!decided) return undefined;
    if (decided.prospect.stalled) {
      throw new ProblemError({
        status: 422,
        code: 'approval-impossible',
        detail: `Nothing was journaled: it could never be sent. ${decided.prospect.stalled}`,
      });
    }
    const snapshot = await takeSnapshot(
      deps,
      operation,
      entry.request_path,
      entry.request_id,
      deps.now(),
    );
    return holdForApproval(deps, entry, decided.requirement, operator, snapshot);
  };
}

/** What sending would do, for the review step: at once, or held, and what it would need. */
export function approvalPreview(deps: ApprovalDeps): PreviewSend {
  return async (operation, body, operator): Promise<SendPreview> => {
    const decided = await outlook(deps, operation, body, operator);
    if (!decided) return { approval: null };
    const { requirement, prospect } = decided;
    return {
      approval: {
        approvers_needed: requirement.approversNeeded,
        eligible_roles: requirement.roles,
        max_wait_hours: requirement.maxWaitMs / 3_600_000,
        prospect,
      },
    };
  };
}
