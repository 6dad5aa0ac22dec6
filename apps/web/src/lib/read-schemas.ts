import {
  fillPath,
  operations,
  type ReadOperationId,
  type WriteOperationId,
} from '@console/schemas';
import type { z } from 'zod';
import { hasPage, pagePath } from './operation-routes';

/*
 * The SPA's view of the service's reads: every shape is the registry's response schema of the
 * read (lenient: an added member or an unknown status shows as such), so the page, the BFF and
 * the sandbox agree by construction.
 */

export {
  nextCursor,
  type Execution,
  type Profile,
  type ProfileBalance,
  FINAL_ORDER_STATUSES,
} from '@console/schemas';

export const OrderPageSchema = operations.listOrders.response;
export const ExecutionPageSchema = operations.listExecutions.response;
export const ProfilePageSchema = operations.listProfiles.response;
export const ProfileSchema = operations.getProfile.response;
export const TransferPageSchema = operations.listTransfers.response;
export const OrchestrationPageSchema = operations.listOrchestrations.response;
export const RulePageSchema = operations.listOrchestrationRules.response;
export const BalancesSchema = operations.listProfileBalances.response;
export const OrchestrationRecordSchema = operations.getOrchestration.response;
export const DepositAddressPageSchema = operations.listDepositAddresses.response;
export const FiatAccountPageSchema = operations.listFiatAccounts.response;
export const FiatAccountRecordSchema = operations.getFiatAccount.response;
export type ReadFiatAccount = z.infer<typeof FiatAccountRecordSchema>;
export type ReadDepositAddress = z.infer<typeof DepositAddressPageSchema>['items'][number];
export type ReadRule = z.infer<typeof RulePageSchema>['items'][number];

/** Where a created record is read back, and when it stops changing. */
export interface LiveRecord {
  /** The read's path from `/v2`, filled from the record's members. */
  path: (record: Record<string, unknown>) => string | undefined;
  schema: z.ZodType<Record<string, unknown>>;
  status: { known: readonly string[]; terminal: readonly string[] };
  /** The record's page in the console, when it has one. */
  page?: (record: Record<string, unknown>) => string | undefined;
}

/** The record's members named by a result declaration, or undefined when one is missing. */
function paramsOf(record: Record<string, unknown>, names: Readonly<Record<string, string>>) {
  const out: Record<string, string> = {};
  for (const [param, member] of Object.entries(names)) {
    const value = record[member];
    if (typeof value !== 'string' || value === '') return undefined;
    out[param] = value;
  }
  return out;
}

/**
 * How the console follows what a write created: the registry's result declaration (its status
 * and the read that gives the record back), or undefined when the write makes nothing to follow.
 */
export function liveRecordOf(id: WriteOperationId): LiveRecord | undefined {
  const { result } = operations[id];
  const record = 'record' in result ? result.record : undefined;
  const status = 'status' in result ? result.status : undefined;
  if (!record || !status || record.query || !(record.operation in operations)) return undefined;
  const read = operations[record.operation as ReadOperationId];
  const names = record.params ?? {};
  return {
    path: (r) => {
      const params = paramsOf(r, names);
      return params ? fillPath(read.path, params) : undefined;
    },
    schema: read.response as unknown as z.ZodType<Record<string, unknown>>,
    status: { known: status.known, terminal: status.terminal },
    page: (r) => {
      const params = paramsOf(r, names);
      return params && hasPage(record.operation) ? pagePath(record.operation, params) : undefined;
    },
  };
}
