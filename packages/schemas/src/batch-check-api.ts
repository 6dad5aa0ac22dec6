import { z } from 'zod';
import { BATCH_MAX_TEXT_CHARS, BatchFileNameSchema, batchTextProblem } from './batch-file';
import { BATCH_OPERATIONS, BATCH_STATES } from './batch-states';

/*
 * A batch's upload and its check (issue 39): the requests that check a file and store it, and
 * what the check finds, row by row and in sum, with what the file repeats or changes of an
 * earlier upload.
 */

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
  /**
   * The cells read otherwise than typed, by column, as the single form reads them: `1,250.00` as
   * `1250.00`, `usd` as `USD` (issue 67). Absent when every cell was taken as typed.
   */
  read_as: z.record(z.string(), z.string()).optional(),
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

/** The earlier batch an upload repeats whole: who uploaded it, when, and under what name. */
export const BatchUploadedBeforeSchema = z.object({
  batch_id: z.string(),
  state: z.enum(BATCH_STATES),
  file_name: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  created_by_name: z.string(),
  same_order: z.boolean(),
});
export type BatchUploadedBefore = z.infer<typeof BatchUploadedBeforeSchema>;

const batchUpload = {
  operation: z.enum(BATCH_OPERATIONS),
  file_name: BatchFileNameSchema,
  text: z
    .string()
    .max(BATCH_MAX_TEXT_CHARS, {
      error: `The file is too large (at most ${BATCH_MAX_TEXT_CHARS.toLocaleString('en')} characters): split it into smaller files`,
      abort: true,
    })
    // Refused before any parser sees it, in the browser as in the BFF.
    .superRefine((text, ctx) => {
      const problem = batchTextProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
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
  /**
   * The same rows were uploaded before as this batch: nothing new would be sent. `same_order`
   * false: the same rows in another order (or under other row numbers), issue 64.
   */
  already_uploaded: BatchUploadedBeforeSchema.nullable(),
  changes: BatchChangesSchema.nullable(),
});
export type BatchCheck = z.infer<typeof BatchCheckSchema>;
