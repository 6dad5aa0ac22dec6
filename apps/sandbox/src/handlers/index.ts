import type { OperationId } from '@console/schemas';
import { cancelOrder } from './cancel-order';
import { createCryptoWithdrawalFee } from './create-crypto-withdrawal-fee';
import { createDepositAddress } from './create-deposit-address';
import { createInternalTransfer } from './create-internal-transfer';
import { createOrchestration } from './create-orchestration';
import { createOrchestrationRule } from './create-orchestration-rule';
import { createOrder } from './create-order';
import { createSvcTransfer } from './create-svc-transfer';
import { deleteFiatAccount } from './delete-fiat-account';
import { deleteOrchestrationRule } from './delete-orchestration-rule';
import { getFiatAccount } from './get-fiat-account';
import { getOrchestration } from './get-orchestration';
import { getOrder } from './get-order';
import { getProfile } from './get-profile';
import { getProfileBalance } from './get-profile-balance';
import { getTransfer } from './get-transfer';
import { listDepositAddresses } from './list-deposit-addresses';
import { listExecutions } from './list-executions';
import { listFiatAccounts } from './list-fiat-accounts';
import { listOrchestrationRules } from './list-orchestration-rules';
import { listOrchestrations } from './list-orchestrations';
import { listOrders } from './list-orders';
import { listProfileBalances } from './list-profile-balances';
import { listProfileExecutions } from './list-profile-executions';
import { listProfileOrders } from './list-profile-orders';
import { listProfiles } from './list-profiles';
import { listTransfers } from './list-transfers';
import { updateFiatAccount } from './update-fiat-account';
import { withoutBlanks } from '../state/fiat-accounts';
import type { Handler } from './types';

/**
 * The handler of each operation of the registry; its path, scope and schemas come from the
 * registry entry. An operation without one answers 501, and the registry walk test names it.
 */
export const handlers: { [Id in OperationId]?: Handler<Id> } = {
  createOrchestration,
  createOrder,
  updateFiatAccount,
  createInternalTransfer,
  createSvcTransfer,
  createOrchestrationRule,
  createDepositAddress,
  createCryptoWithdrawalFee,
  cancelOrder,
  deleteFiatAccount,
  deleteOrchestrationRule,
  getOrder,
  listOrders,
  listProfileOrders,
  listExecutions,
  listProfileExecutions,
  getTransfer,
  listTransfers,
  listProfiles,
  getProfile,
  listProfileBalances,
  getProfileBalance,
  getFiatAccount,
  listFiatAccounts,
  getOrchestration,
  listOrchestrations,
  listOrchestrationRules,
  listDepositAddresses,
};

/**
 * What an operation does to a body before the schema sees it, where the service is lenient:
 * Update Fiat Account ignores `null` and empty-string members.
 */
export const bodyPreparers: Partial<Record<OperationId, (json: unknown) => unknown>> = {
  updateFiatAccount: withoutBlanks,
};
