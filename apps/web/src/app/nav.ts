import {
  DUTIES as REGISTRY_DUTIES,
  mayUse,
  operations,
  type OperationId,
  type Role,
} from '@console/schemas';
import { PAGED_OPERATIONS } from './operation-pages';

/*
 * Navigation by duty, as the back office divides the work. The registry says where each operation
 * sits, read or write; within a duty, the pages that show what the service holds come before the
 * forms that change it. An item tied to an operation is offered only to roles that may use it;
 * the console's own pages (approvals, journal) are added here.
 */

export interface NavItem {
  label: string;
  to: string;
  operation?: OperationId;
  /** Offered to roles that may approve: every role that may send something (not a viewer). */
  approvals?: boolean;
  /** Offered only to these roles (a console page of its own, not an operation's). */
  roles?: readonly Role[];
}

export interface Duty {
  label: string;
  items: NavItem[];
}

const placed = (kind: 'read' | 'write', duty: string): NavItem[] =>
  PAGED_OPERATIONS.flatMap((id): NavItem[] => {
    const { nav, route } = operations[id];
    return operations[id].kind === kind && nav?.duty === duty
      ? [{ label: nav.label, to: route, operation: id }]
      : [];
  });

/** The console's own pages that sit in a duty of the registry, after its reads and forms. */
const CONSOLE_PAGES: Partial<Record<string, NavItem[]>> = {
  // Many sends of one operation from a file (issue 39): money roles upload and approve, auditors
  // and viewers read.
  Transfers: [
    { label: 'Batches', to: '/batches', roles: ['admin', 'finance', 'auditor', 'viewer'] },
    // Sends on a calendar (issue 63): read by the same roles as batches (the BFF's route table).
    { label: 'Schedules', to: '/schedules', roles: ['admin', 'finance', 'auditor', 'viewer'] },
  ],
  // Beside the service's address book, the list the approval policy checks (issue 60, item 5);
  // everyone reads it, who may change it is the page's concern.
  Destinations: [{ label: 'Allowed destinations', to: '/destinations' }],
};

export const DUTIES: Duty[] = [
  ...REGISTRY_DUTIES.map((duty) => ({
    label: duty,
    items: [...placed('read', duty), ...placed('write', duty), ...(CONSOLE_PAGES[duty] ?? [])],
  })).filter((duty) => duty.items.length > 0),
  {
    label: 'Approvals',
    items: [
      { label: 'Approvals', to: '/approvals', approvals: true },
      // Everyone reads what their sends will need; an admin proposes a new version (issue 38).
      { label: 'Approval policy', to: '/policy' },
    ],
  },
  {
    label: 'Journal',
    items: [
      { label: 'Journal', to: '/journal' },
      // The journal's figures as charts (issue 62): money movement, which support does not see.
      { label: 'Insights', to: '/insights', roles: ['admin', 'finance', 'auditor', 'viewer'] },
      // The journal against the service (issue 40): finance and admins work it, auditors read it.
      { label: 'Reconciliation', to: '/reconciliation', roles: ['admin', 'finance', 'auditor'] },
      // The auditor's own page (ADR 022): found where the records are, not only in the operator's
      // menu (issue 60, item 10).
      { label: 'Audit trail', to: '/audit', roles: ['admin', 'auditor'] },
      { label: 'Security events', to: '/security-events', roles: ['admin', 'auditor'] },
    ],
  },
];

/**
 * The duties and items this operator may use: the writes of their session, the reads of their
 * role. A duty with nothing left is not shown.
 */
export function dutiesFor(allowed: readonly string[], role: Role): Duty[] {
  return DUTIES.map((duty) => ({
    ...duty,
    items: duty.items.filter((item) => {
      if (item.approvals) return allowed.length > 0;
      if (item.roles) return item.roles.includes(role);
      if (!item.operation) return true;
      return operations[item.operation].kind === 'read'
        ? mayUse(role, item.operation)
        : allowed.includes(item.operation);
    }),
  })).filter((duty) => duty.items.length > 0);
}
