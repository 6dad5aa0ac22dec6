import type { OperationId } from '@console/schemas';
import { createCryptoWithdrawalFee } from './create-crypto-withdrawal-fee';
import { createDepositAddress } from './create-deposit-address';
import { createInternalTransfer } from './create-internal-transfer';
import { createOrchestration } from './create-orchestration';
import { createOrchestrationRule } from './create-orchestration-rule';
import { createOrder } from './create-order';
import { createSvcTransfer } from './create-svc-transfer';
import { updateFiatAccount } from './update-fiat-account';
import { withoutBlanks } from '../state/fiat-accounts';
import type { Handler } from './types';

/** One handler per operation of the registry; the type makes a missing one a compile error. */
export const handlers: { [Id in OperationId]: Handler<Id> } = {
  createOrchestration,
  createOrder,
  updateFiatAccount,
  createInternalTransfer,
  createSvcTransfer,
  createOrchestrationRule,
  createDepositAddress,
  createCryptoWithdrawalFee,
};

/**
 * What an operation does to a body before the schema sees it, where the service is lenient:
 * Update Fiat Account ignores `null` and empty-string members.
 */
export const bodyPreparers: Partial<Record<OperationId, (json: unknown) => unknown>> = {
  updateFiatAccount: withoutBlanks,
};
