import { z } from 'zod';
import { BatchChangesSchema, BatchTotalSchema } from './batch-check-api';
import { BatchRepeatsSchema } from './batch-repeats';
import {
  BATCH_OPERATIONS,
  BATCH_ROW_STATES,
  BATCH_STATES,
  type BatchRowState,
} from './batch-states';

/*
 * A stored batch as the browser reads it and acts on it (issue 39): the batch with its counts,
 * totals and approval requirements, its rows page by page, approving or rejecting it, and its
 * results file.
 */

export const BatchCountsSchema = z.object(
  Object.fromEntries(BATCH_ROW_STATES.map((state) => [state, z.number().int()])) as Record<
    BatchRowState,
    z.ZodNumber
  >,
);
export type BatchCounts = z.infer<typeof BatchCountsSchema>;

/**
 * One distinct requirement of a batch's rows or totals per asset (issue 55): its own number of
 * approvals, from its own roles, with its own escalation. A batch is approved once every one of
 * them is met, each approval counting towards every requirement whose roles hold the approver's.
 */
export const BatchRequirementSchema = z.object({
  approvals_required: z.number().int(),
  approver_roles: z.array(z.string()),
  /** One of the approvals must be from one of `lift_roles` (among `approver_roles`), and why. */
  escalation: z.object({ lift_roles: z.array(z.string()), reason: z.string() }).nullable(),
  /** Which rows and totals ask it, in words ("rows 1, 4 (BTC)", "the total of USD"). */
  asked_by: z.string(),
  /** The approvals that count towards it (one short while its escalation is not given). */
  given: z.number().int(),
  met: z.boolean(),
});
export type BatchRequirement = z.infer<typeof BatchRequirementSchema>;

export const BatchSchema = z.object({
  id: z.string(),
  operation: z.enum(BATCH_OPERATIONS),
  file_name: z.string(),
  /** The file's columns in its order: the rows' cells and the results CSV follow it. */
  columns: z.array(z.string()),
  state: z.enum(BATCH_STATES),
  created_by: z.string(),
  /** The uploader's display name, as every other page names an operator. */
  created_by_name: z.string(),
  created_at: z.string(),
  rows_hash: z.string(),
  row_count: z.number().int(),
  counts: BatchCountsSchema,
  totals: z.array(BatchTotalSchema),
  by_destination: z.array(BatchTotalSchema),
  /** The largest row per asset, from which (with the totals) the policy decided the approvals. */
  largest: z.array(BatchTotalSchema),
  /** The most approvals any one requirement asks: the fewest the batch can be sent with. */
  approvals_required: z.number().int(),
  /** Every role that may approve it: the roles of all its requirements. */
  approver_roles: z.array(z.string()),
  /** What it waits for: every requirement must be met before any row is sent. */
  requirements: z.array(BatchRequirementSchema),
  policy_version: z.number().int().nullable(),
  approvals: z.array(z.object({ by: z.string(), name: z.string(), at: z.string() })),
  rejected_by: z.string().nullable(),
  reason: z.string().nullable(),
  changes: BatchChangesSchema.nullable(),
  /** Its rows repeated from earlier batches; null where not read (the list of batches). */
  repeats: BatchRepeatsSchema.nullable(),
  /** Why the sender waits, in words (paced, the service unavailable since …), or null. */
  waiting_for: z.string().nullable(),
  updated_at: z.string(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BatchListSchema = z.object({ items: z.array(BatchSchema) });

export const BatchRowSchema = z.object({
  row: z.number().int(),
  state: z.enum(BATCH_ROW_STATES),
  cells: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.unknown()).nullable(),
  ref_id: z.string().nullable(),
  journal_id: z.string().nullable(),
  /** The service's id of what the row created, once it answered. */
  service_id: z.string().nullable(),
  /** Why the row failed, or why it was left out at upload (all a batch keeps of such a row). */
  error: z.string().nullable(),
});
export type BatchRow = z.infer<typeof BatchRowSchema>;

export const BatchRowQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  /** Text searched in the row's cells and ref_id. */
  q: z.string().max(200).optional(),
  state: z.enum(BATCH_ROW_STATES).optional(),
});
export const BatchRowPageSchema = z.object({
  items: z.array(BatchRowSchema),
  total: z.number().int(),
  offset: z.number().int(),
});
export type BatchRowPage = z.infer<typeof BatchRowPageSchema>;

/** The approver approves exactly these rows: a batch whose rows hash differs is not approved. */
export const BatchApproveSchema = z.strictObject({
  rows_hash: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * How many repeated rows the approver was shown (issue 64): a batch with repeated rows is
   * approved only when this is their number now, as its rows hash says which rows are approved.
   */
  repeated_rows: z.number().int().min(0).optional(),
});
export const BatchReasonSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});

/** `GET /api/batches/:id/results`: the input columns plus ref_id, state, service id, error. */
export const BatchResultsSchema = z.object({ filename: z.string(), csv: z.string() });
export type BatchResults = z.infer<typeof BatchResultsSchema>;
