import { createCryptoWithdrawalFee } from './operations/create-crypto-withdrawal-fee';
import { createDepositAddress } from './operations/create-deposit-address';
import { createInternalTransfer } from './operations/create-internal-transfer';
import { createOrchestration } from './operations/create-orchestration';
import { createOrchestrationRule } from './operations/create-orchestration-rule';
import { createOrder } from './operations/create-order';
import { createSvcTransfer } from './operations/create-svc-transfer';
import { updateFiatAccount } from './operations/update-fiat-account';

/**
 * The operation registry: one entry per endpoint of the service, keyed by operation id.
 * The BFF mounts its routes from it, the sandbox validates with it, the UI builds its forms from it
 * and the tests iterate over it.
 *
 * @example
 * import { operations } from '@console/schemas';
 * operations.createOrder.path; // '/v2/profiles/{profile_id}/orders'
 */
export const operations = {
  createOrchestration,
  createOrder,
  updateFiatAccount,
  createInternalTransfer,
  createSvcTransfer,
  createOrchestrationRule,
  createDepositAddress,
  createCryptoWithdrawalFee,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export const OPERATION_IDS = Object.keys(operations) as OperationId[];

export function isOperationId(value: string): value is OperationId {
  return Object.hasOwn(operations, value);
}
