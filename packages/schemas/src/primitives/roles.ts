import { z } from 'zod';

/** Operator roles. `admin` may do everything; `viewer` only reads. */
export const ROLES = ['admin', 'finance', 'support', 'viewer'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles that may approve a send; a viewer never approves. */
export type ApproverRole = Exclude<Role, 'viewer'>;

/** Who moves money: the finance desk, and admin. */
export const MONEY_ROLES = ['finance', 'admin'] as const satisfies readonly ApproverRole[];
/** Who edits fiat accounts: support, and admin. */
export const FIAT_ROLES = ['support', 'admin'] as const satisfies readonly ApproverRole[];
