import { z } from 'zod';
import { BATCH_MAX_TEXT_CHARS, BatchFileNameSchema, batchTextProblem } from './batch-file';
import { refinePeriod } from './reconcile-api';

/*
 * A statement as reconciliation's third side (issue 64): a bank's or custodian's CSV of a period,
 * its columns mapped to what matching needs (the mapping saved per source), matched with the
 * journal's sends and the service's records of the same period. Each difference is shown with
 * the three sides: the journal, the service and the statement.
 */

/** What a statement's column can be mapped to; every other column is not kept. */
export const STATEMENT_FIELDS = [
  'date',
  'amount',
  'asset',
  'reference',
  'direction',
  'description',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
/** The fields a mapping must give a column. */
export const STATEMENT_REQUIRED_FIELDS: readonly StatementField[] = ['date', 'amount', 'asset'];

/**
 * How far a statement's date may be from the service's (or the journal's) day, in days, before it
 * is a difference: a bank books a transfer made late in the day on the next business day.
 */
export const STATEMENT_DATE_TOLERANCE_DAYS = 1;

export const STATEMENT_DIFFERENCE_KINDS = [
  /** The statement's amount differs from the service's or the journal's. */
  'amount',
  /** The statement's date is further than the tolerance from the service's (or journal's) day. */
  'date',
  /** The statement's reference names nothing the journal or the service holds. */
  'reference',
  /** The journal and/or the service hold it; the statement does not. */
  'missing_statement',
  /** The statement (and/or the journal) has it; the service holds no record of it. */
  'missing_service',
  /** The service holds it (and the statement has it); the journal has no send of it. */
  'missing_journal',
] as const;
export type StatementDifferenceKind = (typeof STATEMENT_DIFFERENCE_KINDS)[number];

/** A statement's column → the field it holds; `''` (or absent): not kept. */
export const StatementMappingSchema = z.record(
  z.string().max(200),
  z.enum([...STATEMENT_FIELDS, '']),
);
export type StatementMapping = z.infer<typeof StatementMappingSchema>;

const SOURCE_PATTERN = /^[\p{L}\p{M}\p{N} .,_&()-]+$/u;

const statementUpload = {
  /** Whose statement: a bank or custodian, as the operators name it ("Custodian A"). */
  source: z
    .string()
    .trim()
    .min(1, 'Name the statement’s source')
    .max(80)
    .regex(SOURCE_PATTERN, 'Letters, digits, spaces and . , _ & ( ) - only'),
  file_name: BatchFileNameSchema,
  text: z
    .string()
    .max(BATCH_MAX_TEXT_CHARS, {
      error: `The file is too large (at most ${BATCH_MAX_TEXT_CHARS.toLocaleString('en')} characters)`,
      abort: true,
    })
    .superRefine((text, ctx) => {
      const problem = batchTextProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** Omitted: the mapping saved for the source, or the columns by their names. */
  mapping: StatementMappingSchema.optional(),
};

/** `POST /api/reconciliation/statements/check`: the header and the mapping proposed for it. */
export const StatementCheckRequestSchema = z.strictObject(statementUpload);
export type StatementCheckRequest = z.infer<typeof StatementCheckRequestSchema>;

/** `POST /api/reconciliation/statements`: stored and matched over `[from, to)`. */
export const StatementCreateRequestSchema = z
  .strictObject({
    ...statementUpload,
    mapping: StatementMappingSchema,
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  })
  .superRefine(refinePeriod('One statement'));
export type StatementCreateRequest = z.infer<typeof StatementCreateRequestSchema>;

/** A problem of one cell: its row (1-based, data rows) and column. */
export const StatementCellErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type StatementCellError = z.infer<typeof StatementCellErrorSchema>;

export const StatementCheckSchema = z.object({
  columns: z.array(z.string()),
  mapping: StatementMappingSchema,
  /** Whether the mapping is the one saved for the source. */
  mapping_saved: z.boolean(),
  /** Required fields no column is mapped to. */
  unmapped: z.array(z.enum(STATEMENT_FIELDS)),
  lines: z.number().int(),
  file_errors: z.array(z.string()),
  errors: z.array(StatementCellErrorSchema),
});
export type StatementCheck = z.infer<typeof StatementCheckSchema>;

export const StatementSchema = z.object({
  id: z.string(),
  source: z.string(),
  file_name: z.string(),
  from: z.string(),
  to: z.string(),
  /** `matching` until the run over its period has read the service. */
  state: z.enum(['matching', 'matched', 'failed']),
  run_id: z.string(),
  lines: z.number().int(),
  matched: z.number().int().nullable(),
  differences: z.number().int().nullable(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  matched_at: z.string().nullable(),
});
export type Statement = z.infer<typeof StatementSchema>;

export const StatementListSchema = z.object({ items: z.array(StatementSchema) });

/** One side of a difference as it states it; null: the side has nothing of it. */
export const StatementSideSchema = z.object({
  date: z.string().nullable(),
  amount: z.string().nullable(),
  asset: z.string().nullable(),
  reference: z.string().nullable(),
  /** The journal's state, the service's status, or the statement's description. */
  note: z.string().nullable(),
});
export type StatementSide = z.infer<typeof StatementSideSchema>;

export const StatementDifferenceSchema = z.object({
  kind: z.enum(STATEMENT_DIFFERENCE_KINDS),
  /** The statement's row, when the statement has it. */
  line: z.number().int().nullable(),
  journal_id: z.string().nullable(),
  record_id: z.string().nullable(),
  journal: StatementSideSchema.nullable(),
  service: StatementSideSchema.nullable(),
  statement: StatementSideSchema.nullable(),
  detail: z.string(),
});
export type StatementDifference = z.infer<typeof StatementDifferenceSchema>;

export const StatementDetailSchema = z.object({
  statement: StatementSchema,
  differences: z.array(StatementDifferenceSchema),
});
export type StatementDetail = z.infer<typeof StatementDetailSchema>;
