import type { OperationId } from '@console/schemas';

/** Where each operation's form lives; the navigation and "Clone as new" both go through here. */
export const OPERATION_ROUTES: Record<OperationId, string> = {
  createOrder: '/orders/new',
  createInternalTransfer: '/transfers/internal',
  createSvcTransfer: '/transfers/svc',
  createDepositAddress: '/crypto/deposit-addresses',
  createCryptoWithdrawalFee: '/crypto/withdrawal-fees',
  updateFiatAccount: '/fiat/accounts',
  createOrchestration: '/orchestration/orchestrations',
  createOrchestrationRule: '/orchestration/rules',
};

export function cloneLink(operation: string, journalId: string): string | undefined {
  const route = (OPERATION_ROUTES as Record<string, string>)[operation];
  return route ? `${route}?clone=${encodeURIComponent(journalId)}` : undefined;
}
