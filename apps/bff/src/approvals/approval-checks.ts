/**
 * What is checked again whenever an approved request is about to be sent (at the last approval,
 * at restart, at a re-send): that it is still the very request that was approved, and that the
 * approvals given still suffice under the operators and the policy as they are NOW.
 */
import { randomUUID } from 'node:crypto';
import type { JournalEntry, Role } from '@console/schemas';
import type { Queryable } from '../db/db';
import { requestSha256 } from '../journal/journal-store';
import type { ApprovalDeps } from './approval-deps';
import type { ApprovalRequestRow, ApprovalRow } from './approval-rows';
import { policyRolesOf, type Requirement } from './policy';

/** True when the stored operation, method, path or body no longer hash to what was approved. */
export function tampered(entry: JournalEntry, request: ApprovalRequestRow): boolean {
  return requestSha256(entry) !== request.request_sha256;
}

/** Reports a changed request as a security event (admins see it) and says why it was refused. */
export async function reportTampered(
  deps: ApprovalDeps,
  entry: JournalEntry,
  requestId: string = randomUUID(),
): Promise<string> {
  const reason =
    'Not sent: the stored request (operation, method, path or body) does not match what was submitted for approval.';
  await deps.securityEvents?.record({
    kind: 'request-tampered',
    username: entry.operator,
    requestId,
    detail: `journal entry ${entry.id} (${entry.operation} ${entry.request_path})`,
  });
  return reason;
}

/** The operators as they are now, by username: their role is what the recount asks. */
export interface CurrentOperators {
  find(username: string): { role: Role } | undefined;
}

/** What the recount reads: the operators as they are now, and the policy. */
export type CountingDeps = { directory: CurrentOperators; policy?: ApprovalDeps['policy'] };

/**
 * The operators as they are now for these approvals: the users file, and for an approver who
 * signed in through the company's provider (in no users file), the role the provider gave at
 * their last sign-in. Loaded before counting, so that the count itself stays a pure function.
 */
export async function withCurrentOperators<
  D extends CountingDeps & Pick<ApprovalDeps, 'ssoOperators'>,
>(deps: D, given: readonly ApprovalRow[], tx?: Queryable): Promise<D> {
  if (!deps.ssoOperators) return deps;
  const roles = await deps.ssoOperators.roles(
    given.map((approval) => approval.approver),
    tx,
  );
  if (roles.size === 0) return deps;
  const local = deps.directory;
  return {
    ...deps,
    directory: {
      find: (username) => {
        const role = roles.get(username);
        return local.find(username) ?? (role ? { role } : undefined);
      },
    },
  };
}

/**
 * Why an approval does not count now, or null when it does: its approver was removed or no
 * longer holds a role that both the request and the current policy name, it is the maker's, or
 * it approved another request than the one stored.
 */
export function whyNotCounted(
  deps: CountingDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  approval: ApprovalRow,
): string | null {
  if (approval.approver === entry.operator) return `${approval.approver} made the request`;
  if (approval.request_sha256 !== request.request_sha256) {
    return `${approval.approver} approved a different request`;
  }
  const user = deps.directory.find(approval.approver);
  if (!user) return `${approval.approver} is no longer an operator`;
  // The roles that may lift an escalation stay eligible whatever the policy's rules name.
  const policyRoles = deps.policy && policyRolesOf(deps.policy, entry.operation);
  const mayLift = request.lift_roles?.includes(user.role) ?? false;
  if (
    !request.eligible_roles.includes(user.role) ||
    (policyRoles && !mayLift && !(policyRoles as readonly string[]).includes(user.role))
  ) {
    return `${approval.approver} no longer holds a role that may approve it`;
  }
  return null;
}

/**
 * For an escalated request (issue 37): whether one of the approvals that count is from a role
 * that may lift the limit it passes. True for a request that was not escalated.
 */
export function liftGiven(
  deps: CountingDeps,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  given: readonly ApprovalRow[],
): boolean {
  const lift = request.lift_roles;
  if (!lift) return true;
  return given.some((approval) => {
    const role = deps.directory.find(approval.approver)?.role;
    return (
      role !== undefined &&
      lift.includes(role) &&
      whyNotCounted(deps, entry, request, approval) === null
    );
  });
}

/**
 * Counts the approvals again: how many count, how many are needed (the request's own number, or
 * more when the version in force asks more of this send now: `now`, from `decideNow`), and why
 * the others do not count. An
 * escalated request none of whose counting approvals is from a role that may lift its limit
 * counts one short: the last approval must be such a one.
 */
export function recount(
  deps: CountingDeps & Pick<ApprovalDeps, 'policy'>,
  entry: JournalEntry,
  request: ApprovalRequestRow,
  given: ApprovalRow[],
  now: Requirement | undefined,
): { counting: number; needed: number; reasons: string[] } {
  const reasons = given
    .map((approval) => whyNotCounted(deps, entry, request, approval))
    .filter((reason): reason is string => reason !== null);
  const valid = given.length - reasons.length;
  const lifted = liftGiven(deps, entry, request, given);
  const needed = Math.max(request.approvers_needed, now?.approversNeeded ?? 0);
  if (lifted) return { counting: valid, needed, reasons };
  const lift = request.lift_roles!.join(' or ');
  return {
    counting: Math.min(valid, needed - 1),
    needed,
    reasons: [...reasons, `none is from ${lift}, who may lift the limit it passes`],
  };
}
