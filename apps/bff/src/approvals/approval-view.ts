import {
  DecisionProofSchema,
  type ApprovalDetail,
  type ApprovalEvent,
  type ApprovalProspect,
  type ApprovalQueue,
  type ApprovalStatus,
  type Escalation,
  type GivenApproval,
  type JournalEntry,
  type Operator,
  type Role,
  type SignedDecision,
} from '@console/schemas';
import { bodyFields, pathParamsOf, sendableOperation } from '../send/operation-table';
import { bodyForRole, entryForRole } from '../access/personal-data';
import {
  liftGiven,
  recount,
  whyNotCounted,
  withCurrentOperators,
  type CountingDeps,
} from './approval-checks';
import { approvingRoles, currentOperators, prospectOf, type CurrentOperator } from './prospect';
import { compareWithNow, snapshotForRole } from './approval-snapshot';
import type { ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow, ApprovalRow } from './approval-rows';
import type { SignedEventRow } from './approval-store';
import type { Requirement } from './policy';
import { requiredAllNow, requiredNow } from './send-time-rules';

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

/** Why a request waits for one more approver, and from whom (issue 37); null when it does not. */
export function escalationOf(request: ApprovalRequestRow): Escalation | null {
  return request.lift_roles
    ? { lift_roles: request.lift_roles, reason: request.escalation ?? '' }
    : null;
}

/** The stored body with the path parameters as fields: what the operator filled in. */
export function decodedFields(entry: JournalEntry): Record<string, unknown> {
  const operation = sendableOperation(entry.operation);
  const params = operation ? pathParamsOf(operation.path, entry.request_path) : {};
  return { ...params, ...bodyFields(entry.request_body) };
}

/** What a detail needs beside the entry and its request: loaded for one, or for a page at once. */
interface DetailParts {
  given: ApprovalRow[];
  events: ApprovalEvent[];
  /** The operators as they are now, for the approvers of `given`, and the policy. */
  counting: CountingDeps & Pick<ApprovalDeps, 'policy'>;
  /** Everyone who holds a role now: who could still approve. */
  operators: readonly CurrentOperator[];
  /** What the version in force asks of the request now, while it waits (`decideNow`). */
  now: Requirement | undefined;
  /** The decisions signed with a passkey (the request's own detail only, not the queue). */
  signed?: SignedEventRow[];
}

/** What a waiting request still needs of the operators there are now; null once it waits no more. */
export function prospectFor(
  entry: JournalEntry,
  request: ApprovalRequestRow,
  given: ApprovalRow[],
  counting: CountingDeps & Pick<ApprovalDeps, 'policy'>,
  operators: readonly CurrentOperator[],
  required: Requirement | undefined,
): ApprovalProspect | null {
  if (entry.state !== 'AWAITING_APPROVAL') return null;
  const now = recount(counting, entry, request, given, required);
  const lift = request.lift_roles ?? [];
  const roles = approvingRoles(counting.policy, entry.operation, request.eligible_roles);
  return prospectOf(
    {
      needed: now.needed,
      roles: [...new Set([...roles, ...lift])],
      maker: entry.operator,
      ...(request.lift_roles
        ? { lift: { roles: lift, given: liftGiven(counting, entry, request, given) } }
        : {}),
    },
    now.counting,
    given.map((a) => a.approver),
    operators,
  );
}

/** The detail of one request as `operator` sees it, from its parts (no query). */
function detailOf(
  entry: JournalEntry,
  request: ApprovalRequestRow,
  operator: Operator,
  { given, events, counting, operators, now, signed }: DetailParts,
): ApprovalDetail {
  const refusal = cannotDecide(entry, request, given, operator);
  const approvals: GivenApproval[] = given.map((a) => ({
    ...a,
    request_sha256: a.request_sha256 ?? '',
    counts: counts(counting, entry, request, a),
  }));
  const approval: ApprovalStatus = {
    required: true,
    approvers_needed: request.approvers_needed,
    eligible_roles: request.eligible_roles,
    expires_at: request.expires_at,
    escalation: escalationOf(request),
    deciding_rule: request.deciding_rule ?? null,
    passkey_required: request.passkey_required ?? false,
    prospect: prospectFor(entry, request, given, counting, operators, now),
    approvals,
    events,
    can_decide: refusal === null,
    cannot_decide_reason: refusal?.reason ?? null,
    can_cancel: entry.state === 'AWAITING_APPROVAL' && entry.operator === operator.username,
    ...(signed ? { signatures: signed.map(signedDecision) } : {}),
  };
  // Path parameters are ids, never personal: every role sees them, and the masked rest.
  const { role } = operator;
  const fields = bodyForRole(role, entry.operation, bodyFields(entry.request_body));
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

/** The detail of one request that needed approval, as `operator` sees it. */
export async function approvalDetail(
  deps: ApprovalDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  operator: Operator,
): Promise<ApprovalDetail> {
  const given = await deps.approvals.approvals(entry.id);
  const [counting, events, operators, now, signed] = await Promise.all([
    withCurrentOperators(deps, given),
    deps.approvals.events(entry.id),
    currentOperators(deps),
    requiredNow(deps, entry),
    deps.approvals.signedEvents(entry.id),
  ]);
  return detailOf(entry, request, operator, { given, events, counting, operators, now, signed });
}

/** A signed decision as the page shows it: "Signed with passkey ‘NAME’ by WHO, HH:MM". */
function signedDecision(row: SignedEventRow): SignedDecision {
  return {
    decision: row.kind === 'approved' ? 'approve' : 'reject',
    approver: row.actor,
    approver_name: row.actor_name,
    passkey_name: DecisionProofSchema.parse(JSON.parse(row.proof)).passkey_name,
    at: row.at,
    proof: row.proof,
  };
}

/** False for a role that never approves (a viewer, an auditor): its queue is empty without asking. */
export const mayDecideAny = (role: Role): boolean => role !== 'viewer' && role !== 'auditor';

/** The most requests the queue answers with; `count` says how many there are in all. */
export const QUEUE_LIMIT = 100;

/**
 * The requests `operator` may decide now, soonest to expire first, in five statements whatever
 * their number (issue 32, finding 7): those they may decide are chosen in SQL, and a role that
 * never approves (a viewer) is answered without asking the database.
 */
export async function approvalQueue(
  deps: ApprovalDeps,
  operator: Operator,
  limit = QUEUE_LIMIT,
): Promise<ApprovalQueue> {
  if (!mayDecideAny(operator.role)) return { items: [], count: 0 };
  const page = await deps.approvals.decidableBy(operator, new Date(deps.now()), limit);
  const ids = page.items.map((item) => item.entry.id);
  const [given, events, operators, now] = await Promise.all([
    deps.approvals.approvalsOf(ids),
    deps.approvals.eventsOf(ids),
    currentOperators(deps),
    requiredAllNow(
      deps,
      page.items.map(({ entry }) => entry),
    ),
  ]);
  const counting = await withCurrentOperators(deps, [...given.values()].flat());
  const items = page.items.map(({ entry, request }, i) =>
    detailOf(entry, request, operator, {
      given: given.get(entry.id) ?? [],
      events: events.get(entry.id) ?? [],
      counting,
      operators,
      now: now[i],
    }),
  );
  return { items, count: page.count };
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
