import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { ORCHESTRATION_STATUSES, TRANSFER_DETAIL_STATUSES } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';
import { DestinationSchema, SourceSchema } from './orchestration-endpoints';

/** A leg of an orchestration: the transfer and its status (its id is known once PROCESSING). */
export const TransferDetailsSchema = z.looseObject({
  transfer_id: z.string().optional(),
  status: openEnum(TRANSFER_DETAIL_STATUSES).optional(),
});

/** Why an orchestration failed, in the service's words. */
export const FailReasonSchema = z.looseObject({ detail: z.string().optional() });
export type TransferDetails = z.infer<typeof TransferDetailsSchema>;

/** Orchestration: the response of Create Orchestration, Get Orchestration and each listed one. */
export const OrchestrationSchema = z.looseObject({
  id: z.string(),
  profile_id: z.string().optional(),
  identity_id: z.string().optional(),
  account_id: z.string().optional(),
  customer_id: z.string().optional(),
  ref_id: z.string().optional(),
  source_asset: z.string().optional(),
  destination_asset: z.string().optional(),
  source_amount: z.string().optional(),
  source_transfer: TransferDetailsSchema.optional(),
  destination_transfer: TransferDetailsSchema.optional(),
  status: openEnum(ORCHESTRATION_STATUSES),
  fail_reason: FailReasonSchema.nullable().optional(),
  source: SourceSchema.optional(),
  destination: DestinationSchema.optional(),
  orchestration_rule_id: z.string().optional(),
  created_at: DateTimeSchema.optional(),
  updated_at: DateTimeSchema.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type Orchestration = z.infer<typeof OrchestrationSchema>;
