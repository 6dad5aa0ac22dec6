import { z } from 'zod';

/*
 * Batches as the browser sees them (issue 39): a CSV of many sends of one operation, checked row
 * by row with the operation's own schema, approved once by the hash of its normalized rows, then
 * sent row by row by the BFF at the service's pace, each row exactly once under a `ref_id`
 * derived from the batch and the row.
 */

/** The operations a batch may hold: the sends that move money between profiles and rails. */
export const BATCH_OPERATIONS = [
  'createInternalTransfer',
  'createSvcTransfer',
  'createOrchestration',
] as const;
export type BatchOperation = (typeof BATCH_OPERATIONS)[number];

/** The most data rows one file may hold; a longer file is refused whole and nothing is stored. */
export const BATCH_MAX_ROWS = 10_000;
/** The largest file (its text) the BFF reads: 10 000 rows of a few hundred characters each. */
export const BATCH_MAX_TEXT_CHARS = 8_000_000;

/**
 * A batch's life: awaiting its one approval, then sending (or paused by an operator) until every
 * row it holds has left, then done. A rejected batch sent nothing; a cancelled one sends none of
 * its rows not yet sent (those sent stay sent: nothing is undone).
 */
export const BATCH_STATES = [
  'awaiting_approval',
  'rejected',
  'sending',
  'paused',
  'cancelled',
  'done',
] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/**
 * A row's state, read from its journal entry once it has one: `waiting` (not sent yet), `sent`
 * (journaled and on its way, no answer yet), `succeeded`, `failed` (the service said no),
 * `unknown` (no answer; the resolver settles it as it settles a single send), `excluded` (left out
 * at upload), `not_sent` (the batch was cancelled or rejected before this row left).
 */
export const BATCH_ROW_STATES = [
  'waiting',
  'sent',
  'succeeded',
  'failed',
  'unknown',
  'excluded',
  'not_sent',
] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

/** A problem of one cell (or of the row, `column: null`), as the operator should read it. */
export const BatchCellErrorSchema = z.object({
  /** The file's column the problem is in, as its header names it; null for the row as a whole. */
  column: z.string().nullable(),
  /** The request field the column maps to (a dotted path such as `destination.address`). */
  field: z.string().nullable(),
  message: z.string(),
});
export type BatchCellError = z.infer<typeof BatchCellErrorSchema>;

/** A field of the operation's request a column can be mapped to. */
export const BatchFieldSchema = z.object({
  /** Dotted path into the request body: `amount`, `metadata.reason`, `destination.type`. */
  path: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** What a cell may hold besides an id: `profile nickname`, `identity name`, `book entry`. */
  accepts_name: z.string().nullable(),
});
export type BatchField = z.infer<typeof BatchFieldSchema>;

/** Column of the file → request field path; `''` leaves the column out. */
export const BatchMappingSchema = z.record(z.string(), z.string());
export type BatchMapping = z.infer<typeof BatchMappingSchema>;

/** One data row as checked: its cells as typed, the request it makes, and its problems. */
export const BatchRowCheckSchema = z.object({
  /** 1-based number of the data row (the header is row 0), as a spreadsheet's line minus one. */
  row: z.number().int().positive(),
  cells: z.record(z.string(), z.string()),
  /** The request body the row sends (names resolved to ids); null while the row has problems. */
  body: z.record(z.string(), z.unknown()).nullable(),
  errors: z.array(BatchCellErrorSchema),
});
export type BatchRowCheck = z.infer<typeof BatchRowCheckSchema>;

/** A sum of the valid, included rows: per asset, and per asset and destination. */
export const BatchTotalSchema = z.object({
  asset: z.string(),
  /** A decimal string, summed with a decimal library. */
  amount: z.string(),
  rows: z.number().int(),
  /** The destination (a profile id, or a rail's address or account) for per-destination sums. */
  destination: z.string().optional(),
});
export type BatchTotal = z.infer<typeof BatchTotalSchema>;

/** What changed against an earlier upload of a file of the same name and operation. */
export const BatchChangesSchema = z.object({
  earlier_batch_id: z.string(),
  earlier_state: z.enum(BATCH_STATES),
  added: z.array(z.number().int()),
  removed: z.array(z.number().int()),
  changed: z.array(z.number().int()),
});
export type BatchChanges = z.infer<typeof BatchChangesSchema>;

const batchUpload = {
  operation: z.enum(BATCH_OPERATIONS),
  file_name: z.string().trim().min(1).max(255),
  text: z.string().max(BATCH_MAX_TEXT_CHARS, {
    error: `The file is too large (at most ${BATCH_MAX_TEXT_CHARS.toLocaleString('en')} characters)`,
  }),
  /** Omitted: the operator's remembered mapping for this header, or the columns by name. */
  mapping: BatchMappingSchema.optional(),
};

/** `POST /api/batches/check`: parse and check a file; nothing is stored but the mapping. */
export const BatchCheckRequestSchema = z.strictObject(batchUpload);
export type BatchCheckRequest = z.infer<typeof BatchCheckRequestSchema>;

/** `POST /api/batches`: store a checked file as a batch awaiting approval. */
export const BatchCreateRequestSchema = z.strictObject({
  ...batchUpload,
  /** Rows left out on purpose; every other row must be valid. */
  exclude_rows: z.array(z.number().int().positive()).max(10_000).default([]),
});
export type BatchCreateRequest = z.infer<typeof BatchCreateRequestSchema>;

export const BatchCheckSchema = z.object({
  operation: z.enum(BATCH_OPERATIONS),
  /** The header's columns, in the file's order. */
  columns: z.array(z.string()),
  fields: z.array(BatchFieldSchema),
  mapping: BatchMappingSchema,
  /** Some required field has no column: the operator must map before rows can be checked. */
  mapping_needed: z.boolean(),
  /** The mapping came from this operator's earlier upload of a file with the same header. */
  mapping_remembered: z.boolean(),
  /** Problems of the file as a whole (encoding, no header, too many rows); no rows then. */
  file_errors: z.array(z.string()),
  rows: z.array(BatchRowCheckSchema),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  totals: z.array(BatchTotalSchema),
  by_destination: z.array(BatchTotalSchema),
  /** Hash of the normalized valid rows (hex sha-256): what an approval is given to. */
  rows_hash: z.string(),
  /** The same rows were uploaded before as this batch: nothing new would be sent. */
  already_uploaded: z.object({ batch_id: z.string(), state: z.enum(BATCH_STATES) }).nullable(),
  changes: BatchChangesSchema.nullable(),
});
export type BatchCheck = z.infer<typeof BatchCheckSchema>;

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
  approvals: z.array(z.object({ by: z.string(), at: z.string() })),
  rejected_by: z.string().nullable(),
  reason: z.string().nullable(),
  changes: BatchChangesSchema.nullable(),
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
  /** Why the row failed, in words. */
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
export const BatchApproveSchema = z.strictObject({ rows_hash: z.string().regex(/^[0-9a-f]{64}$/) });
export const BatchReasonSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});

/** `GET /api/batches/:id/results`: the input columns plus ref_id, state, service id, error. */
export const BatchResultsSchema = z.object({ filename: z.string(), csv: z.string() });
export type BatchResults = z.infer<typeof BatchResultsSchema>;
