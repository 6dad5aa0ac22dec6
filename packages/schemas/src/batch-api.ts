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
/**
 * The largest file (its text) the BFF reads: 10 000 rows of up to 400 characters each (a payout
 * row of ids, an amount, an asset and a note is well under 200).
 */
export const BATCH_MAX_TEXT_CHARS = 4_000_000;
/** The most columns a file's header (and cells a row) may have: no payout file has more. */
export const BATCH_MAX_COLUMNS = 64;
/** The longest cell a file may hold: ids, amounts, addresses and notes are far shorter. */
export const BATCH_MAX_CELL_CHARS = 512;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;

/**
 * What makes a file no payout file is, found by one pass over its text before anything parses
 * it (a CSV parser's time grows faster than linearly with the cells of one record): more than
 * `BATCH_MAX_COLUMNS` columns in the header or cells in a row, or a cell longer than
 * `BATCH_MAX_CELL_CHARS`. Quotes are read as the parser reads them: a quote opens a cell only at
 * its start, `""` inside is one quote. Undefined when the file has none of these.
 */
export function batchTextProblem(text: string): string | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const columns = BATCH_MAX_COLUMNS.toLocaleString('en');
  const cellChars = BATCH_MAX_CELL_CHARS.toLocaleString('en');
  // The separator is the one of `,` and `;` the header uses more (as the parser decides it).
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && (c === LF || c === CR)) break;
    else if (!quoted && c === COMMA) commas += 1;
    else if (!quoted && c === SEMICOLON) semicolons += 1;
  }
  const separator = semicolons > commas ? SEMICOLON : COMMA;
  const headerColumns = Math.max(commas, semicolons) + 1;
  if (headerColumns > BATCH_MAX_COLUMNS) {
    return `The header has ${headerColumns.toLocaleString('en')} columns; a batch file has at most ${columns}`;
  }
  let line = 1;
  let cellLine = 1;
  let cells = 1;
  let length = 0;
  quoted = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) line += 1;
    if (quoted) {
      length += 1;
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          i += 1;
          length += 1;
        } else quoted = false;
      }
    } else if (c === separator) {
      cells += 1;
      length = 0;
      if (cells > BATCH_MAX_COLUMNS) {
        return `Line ${line.toLocaleString('en')} has more than ${columns} cells; a batch file has at most ${columns} columns`;
      }
      continue;
    } else if (c === LF || c === CR) {
      cells = 1;
      length = 0;
      continue;
    } else {
      if (c === QUOTE && length === 0) quoted = true;
      length += 1;
    }
    if (length === 1) cellLine = line;
    if (length > BATCH_MAX_CELL_CHARS) {
      return `A cell starting on line ${cellLine.toLocaleString('en')} is longer than ${cellChars} characters, the most a cell may hold${quoted ? ' (a quote opened there is never closed, or the cell is too long)' : ''}`;
    }
  }
  return undefined;
}

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

/**
 * A row of a batch that pays what a row of an earlier batch of the last days paid or will pay
 * (issue 64): same operation, source, destination, asset, amount and memo, whatever the row's
 * number or the file's name. Shown to the approver before any approval counts.
 */
export const BatchRepeatSchema = z.object({
  /** The row of this batch. */
  row: z.number().int(),
  /** The earlier rows it repeats, oldest first. */
  earlier: z.array(
    z.object({
      batch_id: z.string(),
      file_name: z.string(),
      batch_state: z.enum(BATCH_STATES),
      created_at: z.string(),
      created_by: z.string(),
      created_by_name: z.string(),
      row: z.number().int(),
      row_state: z.enum(BATCH_ROW_STATES),
    }),
  ),
});
export type BatchRepeat = z.infer<typeof BatchRepeatSchema>;

/**
 * The most repeated rows a batch's read lists: a file most of whose rows were paid before is one
 * to reject, not to read row by row, and the batch is read again every few seconds while sending.
 */
export const BATCH_REPEATS_SHOWN = 1_000;

/** The rows of a batch repeated from earlier batches, and how far back earlier ones are looked for. */
export const BatchRepeatsSchema = z.object({
  days: z.number().int(),
  /** How many of its rows repeat a row of an earlier batch: what an approval must name. */
  total: z.number().int(),
  /** The first `BATCH_REPEATS_SHOWN` of them, in row order. */
  rows: z.array(BatchRepeatSchema),
});
export type BatchRepeats = z.infer<typeof BatchRepeatsSchema>;

/**
 * What a batch's file name may hold: letters and digits of any script, spaces, and `. , _ - + ( )
 * [ ]`. The name is written into messages (an approver's email subject, the room's chat post),
 * where `<`, `>`, `&`, `!`, `|`, `@`, `:` or `/` could make an alert or a link, and a line
 * break a header; no payout file needs them. An empty name is `min`'s to refuse, once.
 */
export const BATCH_FILE_NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,_+()[\]-]*$/u;

export const BATCH_FILE_NAME_RULE =
  'A file name may hold letters, digits, spaces and . , _ - + ( ) [ ] only: rename the file.';

export const BatchFileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the rows a name.' })
  .max(255, { error: 'A file name may be at most 255 characters.' })
  .regex(BATCH_FILE_NAME_PATTERN, { error: BATCH_FILE_NAME_RULE });

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
