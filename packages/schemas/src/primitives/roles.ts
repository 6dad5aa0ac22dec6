import { z } from 'zod';

/**
 * Operator roles. `admin` may do everything; `viewer` only reads; `auditor` (issue 41) only reads,
 * and also reads the security events and the audit trail, verifies it and exports it signed.
 */
export const ROLES = ['admin', 'finance', 'support', 'viewer', 'auditor'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles that never send nor approve, and see personal data masked. */
export const READ_ONLY_ROLES = ['viewer', 'auditor'] as const satisfies readonly Role[];
export type ReadOnlyRole = (typeof READ_ONLY_ROLES)[number];

/** True for a role that only reads: a viewer, an auditor. */
export function readsOnly(role: Role): role is ReadOnlyRole {
  return (READ_ONLY_ROLES as readonly Role[]).includes(role);
}

/** Roles that may approve a send; a viewer or an auditor never approves. */
export type ApproverRole = Exclude<Role, ReadOnlyRole>;

/** Who moves money: the finance desk, and admin. */
export const MONEY_ROLES = ['finance', 'admin'] as const satisfies readonly ApproverRole[];
/** Who edits fiat accounts: support, and admin. */
export const FIAT_ROLES = ['support', 'admin'] as const satisfies readonly ApproverRole[];
