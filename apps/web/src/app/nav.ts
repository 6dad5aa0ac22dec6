import type { OperationId } from '@console/schemas';
import { OPERATION_ROUTES } from '@/lib/operation-routes';

/*
 * Navigation by duty, as the back office divides the work. An item tied to an operation is offered
 * only to roles that may send it; lists (orders, journal) are for everyone.
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

const op = (operation: OperationId, label: string): NavItem => ({
  label,
  operation,
  to: OPERATION_ROUTES[operation],
});

export const DUTIES: Duty[] = [
  {
    label: 'Trading',
    items: [{ label: 'Orders', to: '/orders' }, op('createOrder', 'New order')],
  },
  {
    label: 'Transfers',
    items: [
      op('createInternalTransfer', 'Internal transfer'),
      op('createSvcTransfer', 'Svc transfer'),
    ],
  },
  {
    label: 'Crypto',
    items: [
      op('createDepositAddress', 'Deposit addresses'),
      op('createCryptoWithdrawalFee', 'Withdrawal fees'),
    ],
  },
  { label: 'Fiat', items: [op('updateFiatAccount', 'Fiat accounts')] },
  {
    label: 'Orchestration',
    items: [op('createOrchestration', 'Orchestrations'), op('createOrchestrationRule', 'Rules')],
  },
  { label: 'Approvals', items: [{ label: 'Approvals', to: '/approvals', approvals: true }] },
  { label: 'Journal', items: [{ label: 'Journal', to: '/journal' }] },
];

/** The duties and items this operator may use; a duty with nothing left is not shown. */
export function dutiesFor(operations: readonly string[]): Duty[] {
  return DUTIES.map((duty) => ({
    ...duty,
    items: duty.items.filter((item) =>
      item.approvals
        ? operations.length > 0
        : !item.operation || operations.includes(item.operation),
    ),
  })).filter((duty) => duty.items.length > 0);
}
