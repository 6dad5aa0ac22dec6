import { DUTIES as REGISTRY_DUTIES, operations, type OperationId } from '@console/schemas';
import { PAGED_OPERATIONS } from './operation-pages';

/*
 * Navigation by duty, as the back office divides the work. The registry says where each operation
 * sits; the console's own pages (orders placed, approvals, journal) are added here. An item tied to
 * an operation is offered only to roles that may use it; the console's lists are for everyone.
 */

export interface NavItem {
  label: string;
  to: string;
  operation?: OperationId;
  /** Offered to roles that may approve: every role that may send something (not a viewer). */
  approvals?: boolean;
}

export interface Duty {
  label: string;
  items: NavItem[];
}

/** The console's own pages that open a duty, before its operations. */
const CONSOLE_PAGES: Partial<Record<string, NavItem[]>> = {
  Trading: [{ label: 'Orders', to: '/orders' }],
  Transfers: [{ label: 'All transfers', to: '/transfers' }],
  Orchestration: [
    { label: 'All orchestrations', to: '/orchestrations' },
    { label: 'All rules', to: '/orchestration-rules' },
  ],
  Profiles: [{ label: 'Profiles and balances', to: '/profiles' }],
};

export const DUTIES: Duty[] = [
  ...REGISTRY_DUTIES.map((duty) => ({
    label: duty,
    items: [
      ...(CONSOLE_PAGES[duty] ?? []),
      ...PAGED_OPERATIONS.flatMap((id): NavItem[] => {
        const { nav, route } = operations[id];
        return nav?.duty === duty ? [{ label: nav.label, to: route, operation: id }] : [];
      }),
    ],
  })).filter((duty) => duty.items.length > 0),
  { label: 'Approvals', items: [{ label: 'Approvals', to: '/approvals', approvals: true }] },
  { label: 'Journal', items: [{ label: 'Journal', to: '/journal' }] },
];

/** The duties and items this operator may use; a duty with nothing left is not shown. */
export function dutiesFor(allowed: readonly string[]): Duty[] {
  return DUTIES.map((duty) => ({
    ...duty,
    items: duty.items.filter((item) =>
      item.approvals ? allowed.length > 0 : !item.operation || allowed.includes(item.operation),
    ),
  })).filter((duty) => duty.items.length > 0);
}
