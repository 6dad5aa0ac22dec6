import {
  MARKETS,
  OrchestrationRuleSchema,
  OrchestrationSchema,
  ORDER_SIDES,
  ORDER_STATUSES,
  OrderSchema,
  TRANSFER_STATUSES,
  TransferSchema,
  openEnum,
  type OperationId,
} from '@console/schemas';
import { z } from 'zod';

/*
 * What the console expects of the service's reads, parsed leniently (an added member or an unknown
 * status shows as such, never crashes). The one place these shapes live in the SPA until the
 * registry's read entries carry their response schemas; then this file gives way to them.
 */

/** A page of a list: `items` and, while more pages exist, `next_page_cursor`. */
export function listPage<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    next_page_cursor: z.string().nullable().optional(),
  });
}

/** The cursor of the next page, or undefined on the last one (an empty string counts as none). */
export const nextCursor = (page: { next_page_cursor?: string | null | undefined }) =>
  page.next_page_cursor ? page.next_page_cursor : undefined;

export const ExecutionSchema = z.looseObject({
  execution_id: z.string().optional(),
  order_id: z.string().optional(),
  executed_at: z.string().optional(),
  market: openEnum(MARKETS).optional(),
  side: openEnum(ORDER_SIDES).optional(),
  amount: z.string().optional(),
  price: z.string().optional(),
  commission: z.string().optional(),
  commission_asset: z.string().optional(),
  rebate: z.string().optional(),
  rebate_asset: z.string().optional(),
  account_id: z.string().optional(),
  gross_trade_amount: z.string().optional(),
});
export type Execution = z.infer<typeof ExecutionSchema>;

export const ProfileSchema = z.looseObject({
  id: z.string(),
  nickname: z.string(),
  type: z.string(),
  description: z.string().optional(),
  account_id: z.string().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileBalanceSchema = z.looseObject({
  asset: z.string(),
  available: z.string(),
  trading: z.string(),
});
export type ProfileBalance = z.infer<typeof ProfileBalanceSchema>;

export const OrderPageSchema = listPage(OrderSchema);
export const ExecutionPageSchema = listPage(ExecutionSchema);
export const ProfilePageSchema = listPage(ProfileSchema);
export const TransferPageSchema = listPage(TransferSchema);
/** A list the service may answer under an older member name too (`orchestrations`, `rules`). */
function aliasedPage<T extends z.ZodType>(item: T, alias: string) {
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const body = raw as Record<string, unknown>;
    return body.items === undefined && Array.isArray(body[alias])
      ? { ...body, items: body[alias] }
      : body;
  }, listPage(item));
}
// Rule statuses of the reads (ACTIVE, DELETED, PENDING, REJECTED, CANCELLED) are wider than
// the create's: read leniently.
const ReadRuleSchema = OrchestrationRuleSchema.extend({ status: z.string() });
export type ReadRule = z.infer<typeof ReadRuleSchema>;
export const OrchestrationPageSchema = aliasedPage(OrchestrationSchema, 'orchestrations');
export const RulePageSchema = aliasedPage(ReadRuleSchema, 'rules');
export const BalancesSchema = z.looseObject({ items: z.array(ProfileBalanceSchema) });

/** Order statuses after which an order no longer changes. */
export const FINAL_ORDER_STATUSES = ['FILLED', 'CANCELLED', 'REJECTED'] as const;
const FINAL_TRANSFER_STATUSES = ['COMPLETED', 'FAILED'] as const;

/** Where a created record is read back, and when it stops changing. */
export interface LiveRecord {
  /** The read's path from `/v2`, filled from the record's members. */
  path: (record: Record<string, unknown>) => string | undefined;
  schema: z.ZodType<Record<string, unknown>>;
  status: { known: readonly string[]; terminal: readonly string[] };
  /** The record's page in the console, when it has one. */
  page?: (record: Record<string, unknown>) => string | undefined;
}

const seg = (value: unknown) =>
  typeof value === 'string' && value !== '' ? encodeURIComponent(value) : undefined;

const transfer: LiveRecord = {
  path: (r) => (seg(r.id) ? `/v2/transfer/transfers/${seg(r.id)}` : undefined),
  page: (r) => (seg(r.id) ? `/transfers/${seg(r.id)}` : undefined),
  schema: TransferSchema,
  status: { known: TRANSFER_STATUSES, terminal: FINAL_TRANSFER_STATUSES },
};

/** The creates whose answer the console follows until the record is final. */
export const LIVE_RECORDS: Partial<Record<OperationId, LiveRecord>> = {
  createOrder: {
    path: (r) =>
      seg(r.profile_id) && seg(r.id)
        ? `/v2/profiles/${seg(r.profile_id)}/orders/${seg(r.id)}`
        : undefined,
    schema: OrderSchema,
    status: { known: ORDER_STATUSES, terminal: FINAL_ORDER_STATUSES },
    page: (r) =>
      seg(r.profile_id) && seg(r.id) ? `/orders/${seg(r.profile_id)}/${seg(r.id)}` : undefined,
  },
  createInternalTransfer: transfer,
  createSvcTransfer: transfer,
};
