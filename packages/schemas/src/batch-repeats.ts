import { z } from 'zod';
import { BATCH_ROW_STATES, BATCH_STATES } from './batch-states';

/*
 * Rows of a batch that pay again what an earlier batch paid (issue 64), as the approver is
 * shown them before any approval counts.
 */

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
