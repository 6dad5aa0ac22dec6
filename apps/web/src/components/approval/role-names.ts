import type { Role } from '@console/schemas';

/** "finance or admin": who may approve, as a sentence fragment. */
export function roleList(roles: readonly Role[]): string {
  if (roles.length <= 1) return roles.join('');
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}

/** "1 approval" / "2 approvals from different operators". */
export function approvalsNeeded(count: number): string {
  return count === 1 ? '1 approval' : `${count} approvals from different operators`;
}
