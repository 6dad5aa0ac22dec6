import { cancelOrder } from './operations/cancel-order';
import { createCryptoWithdrawalFee } from './operations/create-crypto-withdrawal-fee';
import { createDepositAddress } from './operations/create-deposit-address';
import { createInternalTransfer } from './operations/create-internal-transfer';
import { createOrchestration } from './operations/create-orchestration';
import { createOrchestrationRule } from './operations/create-orchestration-rule';
import { createOrder } from './operations/create-order';
import { createSvcTransfer } from './operations/create-svc-transfer';
import { deleteFiatAccount } from './operations/delete-fiat-account';
import { deleteOrchestrationRule } from './operations/delete-orchestration-rule';
import { getAccount } from './operations/get-account';
import { getEvent } from './operations/get-event';
import { getFiatAccount } from './operations/get-fiat-account';
import { getFiatDepositInstructions } from './operations/get-fiat-deposit-instructions';
import { getIdentity } from './operations/get-identity';
import { getOrchestration } from './operations/get-orchestration';
import { getOrder } from './operations/get-order';
import { getProfile } from './operations/get-profile';
import { getProfileBalance } from './operations/get-profile-balance';
import { getTicker } from './operations/get-ticker';
import { getTransfer } from './operations/get-transfer';
import { listAccounts } from './operations/list-accounts';
import { listCryptoDestinationAddresses } from './operations/list-crypto-destination-addresses';
import { listDepositAddresses } from './operations/list-deposit-addresses';
import { listEvents } from './operations/list-events';
import { listExecutions } from './operations/list-executions';
import { listFiatAccounts } from './operations/list-fiat-accounts';
import { listFiatDepositInstructions } from './operations/list-fiat-deposit-instructions';
import { listIdentities } from './operations/list-identities';
import { listMarkets } from './operations/list-markets';
import { listOrchestrationRules } from './operations/list-orchestration-rules';
import { listOrchestrations } from './operations/list-orchestrations';
import { listOrders } from './operations/list-orders';
import { listPrices } from './operations/list-prices';
import { listProfileBalances } from './operations/list-profile-balances';
import { listProfileExecutions } from './operations/list-profile-executions';
import { listProfileOrders } from './operations/list-profile-orders';
import { listProfiles } from './operations/list-profiles';
import { listTransferLimits } from './operations/list-transfer-limits';
import { listTransfers } from './operations/list-transfers';
import { putCryptoDestinationAddress } from './operations/put-crypto-destination-address';
import { updateFiatAccount } from './operations/update-fiat-account';
import type { Role } from './primitives/roles';

/**
 * The operation registry: one entry per operation of the service, keyed by operation id, the
 * writes (`kind: 'write'`, sent through the journal) and the reads (`kind: 'read'`, `GET`).
 * Each entry says everything that varies per operation; the BFF's routes and permissions, the
 * sandbox's dispatch, the SPA's navigation, routes and forms, and the table-driven tests are
 * derived from it. docs/adding-an-operation.md says how to add one.
 *
 * @example
 * import { operations } from '@console/schemas';
 * operations.createOrder.path; // '/v2/profiles/{profile_id}/orders'
 * operations.listTransfers.toPath({}, { limit: '50' }); // '/v2/transfer/transfers?limit=50'
 */
export const operations = {
  // Writes: the eight of the main text, the cancel and deletes of the appendix, then appendix B's.
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
  putCryptoDestinationAddress,
  // Reads, in the appendix's order, then appendix B's.
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
  listIdentities,
  getIdentity,
  listAccounts,
  getAccount,
  listFiatDepositInstructions,
  getFiatDepositInstructions,
  listCryptoDestinationAddresses,
  listTransferLimits,
  listEvents,
  getEvent,
  listMarkets,
  listPrices,
  getTicker,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
/** Any entry of the registry. */
export type Operation = Operations[OperationId];

/** The writes: sent as `POST /api/operations/{id}`, journaled, subject to approval. */
export type WriteOperationId = {
  [Id in OperationId]: Operations[Id] extends { kind: 'write' } ? Id : never;
}[OperationId];
/** The reads: `GET /api/svc/v2/…`, logged, never journaled. */
export type ReadOperationId = Exclude<OperationId, WriteOperationId>;

const ALL_IDS = Object.keys(operations) as OperationId[];

/** Every write id, in registry order. */
export const WRITE_OPERATION_IDS = ALL_IDS.filter(
  (id): id is WriteOperationId => operations[id].kind === 'write',
);
/** Every read id, in registry order. */
export const READ_OPERATION_IDS = ALL_IDS.filter(
  (id): id is ReadOperationId => operations[id].kind === 'read',
);

export function isOperationId(value: string): value is OperationId {
  return Object.hasOwn(operations, value);
}

export function isWriteOperationId(value: string): value is WriteOperationId {
  return isOperationId(value) && operations[value].kind === 'write';
}

export function isReadOperationId(value: string): value is ReadOperationId {
  return isOperationId(value) && operations[value].kind === 'read';
}

/** True when `role` may use the operation (send a write, or read). */
export function mayUse(role: Role, id: string): boolean {
  return isOperationId(id) && operations[id].roles.includes(role);
}

/** The writes `role` may send, in registry order. */
export function writesFor(role: Role): WriteOperationId[] {
  return WRITE_OPERATION_IDS.filter((id) => mayUse(role, id));
}

/**
 * True when `role` sees the record of a read whole; otherwise the BFF masks it as the service's
 * own list does (a fiat account's number and owner).
 */
export function seesWholeRecord(role: Role, id: ReadOperationId): boolean {
  return operations[id].fullRecordRoles.includes(role);
}

/**
 * The read whose record a write's body and answer carry, when that read restricts who sees its
 * record whole (a fiat account's number and owner); null for every other write. Read from the
 * write's own `result.record`, so a new write that changes a restricted record is masked like it
 * without a table to remember.
 */
export function restrictedRecordOf(id: WriteOperationId): ReadOperationId | null {
  const { result } = operations[id];
  const read = 'record' in result ? result.record?.operation : undefined;
  if (read === undefined || !isReadOperationId(read)) return null;
  const { roles, fullRecordRoles } = operations[read];
  return roles.every((role) => fullRecordRoles.includes(role)) ? null : read;
}

/**
 * The kebab-case base name every layer gives an operation's files (`createOrder` →
 * `create-order`): its operation file, sandbox handler, fields file and e2e spec.
 */
export function fileNameOf(id: OperationId): string {
  return id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * The console's page of an operation: its entry's `route` with each `:name` filled, and a query
 * (empty values left out). The SPA links with it and the e2e specs open pages with it, so a page
 * that moves moves for both.
 *
 * @example
 * routeOf('getOrder', { profile_id: 'p-1', id: 'o-9' }); // '/orders/p-1/o-9'
 * routeOf('listOrders', {}, { profile: 'p-1' }); // '/orders?profile=p-1'
 */
export function routeOf(
  id: OperationId,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | undefined>> = {},
): string {
  const path = operations[id].route.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
