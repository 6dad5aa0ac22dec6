import type { ApprovalProspect, Role } from '@console/schemas';
import { roleList } from './role-names';

/**
 * What a waiting request still needs, in a queue's words: "1 more approver: finance or admin".
 * When the operators there are cannot give it, the BFF's sentence says why (`stalled`).
 *
 * @example
 * stillNeededWords({ still_needed: 2, candidates: 3, stalled: null }, ['finance', 'admin']);
 * // '2 more approvers: finance or admin'
 */
export function stillNeededWords(prospect: ApprovalProspect, roles: readonly Role[]): string {
  const n = prospect.still_needed;
  if (n <= 0) return 'No more approvals needed';
  return `${n} more approver${n === 1 ? '' : 's'}: ${roleList(roles)}`;
}

/**
 * What sending will do, as the review step says it before Send: at once, or waiting for how
 * many approvers of which roles, for how long.
 *
 * @example
 * waitWords({ approvers_needed: 2, eligible_roles: ['finance', 'admin'], max_wait_hours: 24 });
 * // 'Waits for 2 approvers from finance or admin, up to 24 hours'
 */
export function waitWords(approval: {
  approvers_needed: number;
  eligible_roles: readonly Role[];
  max_wait_hours: number;
}): string {
  const n = approval.approvers_needed;
  const hours = approval.max_wait_hours;
  const wait = hours === 1 ? '1 hour' : `${hours} hours`;
  return `Waits for ${n} approver${n === 1 ? '' : 's'} from ${roleList(approval.eligible_roles)}, up to ${wait}`;
}
