import {
  mayUse,
  readsOnly,
  writesFor,
  type OperationId,
  type Role,
  type WriteOperationId,
} from '@console/schemas';

/**
 * What a route needs. Every route the BFF registers names one of these in the route table, so
 * that no route can exist without a decision about who may use it.
 */
export type Permission =
  /** Anyone, signed in or not (sign-in itself, health, the SPA). */
  | { kind: 'public' }
  /** Any signed-in operator (their own session). */
  | { kind: 'signed-in' }
  /** Reading the journal, orders and the registry: every role, viewer included. */
  | { kind: 'read' }
  /** Using this operation of the registry: sending a write, or a read. Its entry names the roles. */
  | { kind: 'operation'; operation: OperationId }
  /** Sending some operation, the route checks which (a retry of a journal entry). */
  | { kind: 'any-operation' }
  /**
   * Approving or rejecting requests (issue 7): every role the approval policy may name. The
   * route checks the request's own roles; a viewer can never approve.
   */
  | { kind: 'approve' }
  /** Administration: every operator's sessions, the security events. */
  | { kind: 'admin' }
  /**
   * The audit trail (issue 41): the security events, the trail's verification, checkpoints and
   * signed exports. Admin and auditor.
   */
  | { kind: 'audit' }
  /**
   * Reconciliation (issue 40): finance and admins run it and work its queue (`act`); auditors
   * read it as well.
   */
  | { kind: 'reconcile'; act: boolean }
  /**
   * A dry run of a draft policy over the journal (issue 38): it changes nothing, but it reads
   * every send of a period with its amounts and operators. Admins who write policies, finance
   * whose sends they decide, and auditors who review them; not support or viewers.
   */
  | { kind: 'policy-dry-run' }
  /**
   * Batches (issue 39): the money roles (finance, admin) check, upload, approve and steer them
   * (`act`); viewers and auditors read them as well, masked as the journal masks for them.
   */
  | { kind: 'batch'; act: boolean }
  /**
   * Schedules (issue 63): as batches, the money roles make, approve and steer them (`act`);
   * viewers and auditors read them.
   */
  | { kind: 'schedule'; act: boolean }
  /**
   * The Insights page's figures of money moved (issue 62): totals per day, operation and asset,
   * no one's details. Every role that reads sends of money; support, whose work is accounts and
   * identities, sees none of money movement.
   */
  | { kind: 'money-insights' }
  /**
   * Asking for a console action (issue 37), which the console carries out itself: the roles of
   * its entry in the BFF's registry of console actions.
   */
  | { kind: 'console-action'; roles: readonly Role[] };

/** The writes each role may send, from the registry: `viewer` reads only; `admin` does everything. */
export const ROLE_OPERATIONS: Record<Role, readonly WriteOperationId[]> = {
  admin: writesFor('admin'),
  finance: writesFor('finance'),
  support: writesFor('support'),
  viewer: writesFor('viewer'),
  auditor: writesFor('auditor'),
};

/** True when `role` satisfies `permission` (a signed-in operator is assumed). */
export function allows(role: Role, permission: Permission): boolean {
  switch (permission.kind) {
    case 'public':
    case 'signed-in':
    case 'read':
      return true;
    case 'operation':
      return mayUse(role, permission.operation);
    case 'any-operation':
      return ROLE_OPERATIONS[role].length > 0;
    case 'approve':
      return !readsOnly(role);
    case 'admin':
      return role === 'admin';
    case 'audit':
      return role === 'admin' || role === 'auditor';
    case 'reconcile':
      return role === 'admin' || role === 'finance' || (!permission.act && role === 'auditor');
    case 'batch':
    case 'schedule':
      return (
        role === 'admin' ||
        role === 'finance' ||
        (!permission.act && (role === 'viewer' || role === 'auditor'))
      );
    case 'policy-dry-run':
      return role === 'admin' || role === 'finance' || role === 'auditor';
    case 'money-insights':
      return role !== 'support';
    case 'console-action':
      return permission.roles.includes(role);
  }
}
