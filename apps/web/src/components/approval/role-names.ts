import type { BatchRequirement, Role } from '@console/schemas';

/** "finance or admin": who may approve, as a sentence fragment. */
export function roleList(roles: readonly Role[]): string {
  if (roles.length <= 1) return roles.join('');
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}

/** "1 approval" / "2 approvals from different operators". */
export function approvalsNeeded(count: number): string {
  return count === 1 ? '1 approval' : `${count} approvals from different operators`;
}

/**
 * One requirement of a batch or a schedule in words (issue 55): "1 approval by admin, for row 1",
 * with its escalation ("one of them from admin").
 */
export function requirementWords(requirement: BatchRequirement): string {
  const lift = requirement.escalation
    ? `, one of them from ${roleList(requirement.escalation.lift_roles as Role[])}`
    : '';
  return `${approvalsNeeded(requirement.approvals_required)} by ${roleList(requirement.approver_roles as Role[])}${lift}, for ${requirement.asked_by}`;
}
