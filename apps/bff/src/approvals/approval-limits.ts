import type { JournalEntry, Operator } from '@console/schemas';
import type { Queryable } from '../db/db';
import { ProblemError } from '../errors';
import { approvalNeeds, decideApproval } from '../rules/rule-engine';
import { approvedSums, lockLimits } from '../rules/window-sums';
import { bodyFields } from '../send/operation-table';
import type { ApprovalDeps } from './approval-deps';

/**
 * Refuses (403 `limit-exceeded`, saying why) an approval that would take its approver past a
 * limit of their own on what they approve (issue 37). Run in the approval's transaction: the
 * approver's lock of the asset is held until the approval is recorded, so that two approvals of
 * theirs at the same moment, in any process, are summed one after the other.
 */
export async function withinApprovalLimits(
  deps: ApprovalDeps,
  tx: Queryable,
  entry: JournalEntry,
  approver: Operator,
): Promise<void> {
  const body = bodyFields(entry.request_body);
  const asset = approvalNeeds(deps.policy, entry.operation, body, approver);
  if (asset === undefined) return;
  await lockLimits(tx, 'approve', approver.username, asset);
  const approved = await approvedSums(tx, approver.username, asset, deps.now());
  const decided = decideApproval(deps.policy, {
    operation: entry.operation,
    body,
    approver,
    approved,
  });
  if (decided.refusal) {
    throw new ProblemError({
      status: 403,
      code: 'limit-exceeded',
      detail: decided.refusal,
      limits: decided.limits.filter((limit) => limit.over),
    });
  }
}
