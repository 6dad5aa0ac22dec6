import { cancelOrder } from './cancel-order';
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
import type { ReadHandler } from './types';

/** An operation without a request body: the reads, cancel and deletes of the appendix (9–28). */
export interface BodilessOperation {
  method: 'GET' | 'DELETE';
  path: string;
  scope: string;
  handler: ReadHandler;
}

const get = (path: string, scope: string, handler: ReadHandler): BodilessOperation => ({
  method: 'GET',
  path,
  scope,
  handler,
});
const del = (path: string, scope: string, handler: ReadHandler): BodilessOperation => ({
  method: 'DELETE',
  path,
  scope,
  handler,
});

/** The appendix's operations 9–28, by operation id. */
export const bodilessOperations: Record<string, BodilessOperation> = {
  getOrder: get('/v2/profiles/{profile_id}/orders/{id}', 'exchange:read_order', getOrder),
  listOrders: get('/v2/orders', 'exchange:read_order', listOrders),
  listProfileOrders: get(
    '/v2/profiles/{profile_id}/orders',
    'exchange:read_order',
    listProfileOrders,
  ),
  cancelOrder: del('/v2/profiles/{profile_id}/orders/{id}', 'exchange:write_order', cancelOrder),
  listExecutions: get('/v2/executions', 'exchange:read_order', listExecutions),
  listProfileExecutions: get(
    '/v2/profiles/{profile_id}/executions',
    'exchange:read_order',
    listProfileExecutions,
  ),
  getTransfer: get('/v2/transfer/transfers/{id}', 'transfer:read_transfer', getTransfer),
  listTransfers: get('/v2/transfer/transfers', 'transfer:read_transfer', listTransfers),
  listProfiles: get('/v2/profiles', 'funding:read_profile', listProfiles),
  getProfile: get('/v2/profiles/{profile_id}', 'funding:read_profile', getProfile),
  listProfileBalances: get(
    '/v2/profiles/{profile_id}/balances',
    'funding:read_profile',
    listProfileBalances,
  ),
  getProfileBalance: get(
    '/v2/profiles/{profile_id}/balances/{asset}',
    'funding:read_profile',
    getProfileBalance,
  ),
  getFiatAccount: get(
    '/v2/transfer/fiat-accounts/{id}',
    'transfer:read_fiat_account',
    getFiatAccount,
  ),
  listFiatAccounts: get(
    '/v2/transfer/fiat-accounts',
    'transfer:read_fiat_account',
    listFiatAccounts,
  ),
  deleteFiatAccount: del(
    '/v2/transfer/fiat-accounts/{id}',
    'transfer:write_fiat_account',
    deleteFiatAccount,
  ),
  getOrchestration: get(
    '/v2/orchestration/orchestrations/{id}',
    'orchestration:read_orchestration',
    getOrchestration,
  ),
  listOrchestrations: get(
    '/v2/orchestration/orchestrations',
    'orchestration:read_orchestration',
    listOrchestrations,
  ),
  listOrchestrationRules: get(
    '/v2/orchestration/rules',
    'orchestration:read_orchestration_rule',
    listOrchestrationRules,
  ),
  deleteOrchestrationRule: del(
    '/v2/orchestration/rules/{id}',
    'orchestration:write_orchestration_rule',
    deleteOrchestrationRule,
  ),
  listDepositAddresses: get(
    '/v2/transfer/deposit-addresses',
    'transfer:read_deposit_address',
    listDepositAddresses,
  ),
};
