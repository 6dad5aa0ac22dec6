import { ROLES, type Role } from '@console/schemas';
import type { z } from 'zod';

/** A read of the service as the proxy needs it. */
export interface ReadOperation {
  id: string;
  path: string;
  scope: string;
  /** The roles that may use it. */
  roles: readonly Role[];
  /** The roles that see personal data whole; the others see it masked. Absent: every role. */
  wholeFor?: readonly Role[];
  /** The query's schema: the proxy answers 400 naming the parameter when it refuses one. */
  query?: z.ZodType;
}

const read = (id: string, path: string, scope: string, extra: Partial<ReadOperation> = {}) => ({
  id,
  path,
  scope,
  roles: ROLES,
  ...extra,
});

/** The reads of the appendix, operations 9–28 without the cancel and deletes. */
export const READ_OPERATIONS: readonly ReadOperation[] = [
  read('getOrder', '/v2/profiles/{profile_id}/orders/{id}', 'exchange:read_order'),
  read('listOrders', '/v2/orders', 'exchange:read_order'),
  read('listProfileOrders', '/v2/profiles/{profile_id}/orders', 'exchange:read_order'),
  read('listExecutions', '/v2/executions', 'exchange:read_order'),
  read('listProfileExecutions', '/v2/profiles/{profile_id}/executions', 'exchange:read_order'),
  read('getTransfer', '/v2/transfer/transfers/{id}', 'transfer:read_transfer'),
  read('listTransfers', '/v2/transfer/transfers', 'transfer:read_transfer'),
  read('listProfiles', '/v2/profiles', 'funding:read_profile'),
  read('getProfile', '/v2/profiles/{profile_id}', 'funding:read_profile'),
  read('listProfileBalances', '/v2/profiles/{profile_id}/balances', 'funding:read_profile'),
  read('getProfileBalance', '/v2/profiles/{profile_id}/balances/{asset}', 'funding:read_profile'),
  read('getFiatAccount', '/v2/transfer/fiat-accounts/{id}', 'transfer:read_fiat_account', {
    wholeFor: ['support', 'admin'],
  }),
  read('listFiatAccounts', '/v2/transfer/fiat-accounts', 'transfer:read_fiat_account'),
  read(
    'getOrchestration',
    '/v2/orchestration/orchestrations/{id}',
    'orchestration:read_orchestration',
  ),
  read(
    'listOrchestrations',
    '/v2/orchestration/orchestrations',
    'orchestration:read_orchestration',
  ),
  read(
    'listOrchestrationRules',
    '/v2/orchestration/rules',
    'orchestration:read_orchestration_rule',
  ),
  read('listDepositAddresses', '/v2/transfer/deposit-addresses', 'transfer:read_deposit_address'),
];
