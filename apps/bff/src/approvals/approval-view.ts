import type {
  ApprovalDetail,
  ApprovalStatus,
  GivenApproval,
  JournalEntry,
  Operator,
} from '@console/schemas';
import { bodyFields, pathParamsOf, sendableOperation } from '../send/operation-table';
import { entryForRole, recordForRole, recordOfOperation } from '../access/personal-data';
import { whyNotCounted, withCurrentOperators, type CountingDeps } from './approval-checks';
import { compareWithNow, snapshotForRole } from './approval-snapshot';
import type { ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow, ApprovalRow } from './approval-store';

/**
 * Whether an approval counts now: its approver still exists, still holds a role the request and
 * the current policy name (the users file may have changed since), is not the maker, and approved
 * this very request (operation, method, path and body).
 */
export function counts(
  deps: CountingDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  approval: ApprovalRow,
): boolean {
  return whyNotCounted(deps, entry, request, approval) === null;
}

/** Why `operator` may not approve or reject now, or null when they may. */
export function cannotDecide(
  entry: JournalEntry,
  request: ApprovalRequestRow,
  given: ApprovalRow[],
  operator: Operator,
): { status: 403 | 409; reason: string } | null {
  if (entry.state !== 'AWAITING_APPROVAL') {
    return {
      status: 409,
      reason: `The request is ${entry.state}; it no longer waits for approval.`,
    };
  }
  if (operator.username === entry.operator) {
    return { status: 403, reason: 'You made this request: another operator must approve it.' };
  }
  if (!request.eligible_roles.includes(operator.role)) {
    return {
      status: 403,
      reason: `Only ${request.eligible_roles.join(' or ')} operators may approve this request.`,
    };
  }
  if (given.some((a) => a.approver === operator.username)) {
    return { status: 409, reason: 'You have approved this request already.' };
  }
  return null;
}

/** The stored body with the path parameters as fields: what the operator filled in. */
export function decodedFields(entry: JournalEntry): Record<string, unknown> {
  const operation = sendableOperation(entry.operation);
  const params = operation ? pathParamsOf(operation.path, entry.request_path) : {};
  return { ...params, ...bodyFields(entry.request_body) };
}

/** The detail of one request that needed approval, as `operator` sees it. */
export async function approvalDetail(
  deps: ApprovalDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  operator: Operator,
): Promise<ApprovalDetail> {
  const given = await deps.approvals.approvals(entry.id);
  const refusal = cannotDecide(entry, request, given, operator);
  const now = await withCurrentOperators(deps, given);
  const approvals: GivenApproval[] = given.map((a) => ({
    ...a,
    request_sha256: a.request_sha256 ?? '',
    counts: counts(now, entry, request, a),
  }));
  const approval: ApprovalStatus = {
    required: true,
    approvers_needed: request.approvers_needed,
    eligible_roles: request.eligible_roles,
    expires_at: request.expires_at,
    approvals,
    events: await deps.approvals.events(entry.id),
    can_decide: refusal === null,
    cannot_decide_reason: refusal?.reason ?? null,
    can_cancel: entry.state === 'AWAITING_APPROVAL' && entry.operator === operator.username,
  };
  // Path parameters are ids, never personal: a viewer sees them, and the masked rest.
  const { role } = operator;
  const fields = recordForRole(
    role,
    recordOfOperation(entry.operation),
    bodyFields(entry.request_body),
  );
  return {
    journal: entryForRole(role, entry),
    fields: {
      ...fields,
      ...pathParamsOf(sendableOperation(entry.operation)?.path ?? '', entry.request_path),
    },
    approval,
    before: request.snapshot ? snapshotForRole(role, entry.operation, request.snapshot) : null,
  };
}

/**
 * The request's own page: its detail and, while it waits, the record read again and compared
 * with the snapshot kept when it was made, so the approver is told of a change made at the
 * service since.
 */
export async function approvalPage(
  deps: ApprovalDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  operator: Operator,
  requestId: string,
): Promise<ApprovalDetail> {
  const detail = await approvalDetail(deps, entry, request, operator);
  if (!request.snapshot || entry.state !== 'AWAITING_APPROVAL') return detail;
  const since = await compareWithNow(
    deps,
    entry,
    request.snapshot,
    operator.role,
    requestId,
    deps.now(),
  );
  return { ...detail, since: since ?? null };
}
