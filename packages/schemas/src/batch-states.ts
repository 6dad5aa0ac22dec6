/*
 * Batches as the browser sees them (issue 39): a CSV of many sends of one operation, checked row
 * by row with the operation's own schema, approved once by the hash of its normalized rows, then
 * sent row by row by the BFF at the service's pace, each row exactly once under a `ref_id`
 * derived from the batch and the row.
 *
 * This module owns the words every batch module shares: the operations a batch may hold, a
 * batch's states and a row's states. The file's limits are in `batch-file`, the upload and its
 * check in `batch-check-api`, repeated rows in `batch-repeats`, the batch as read and acted on
 * in `batch-api`.
 */

/** The operations a batch may hold: the sends that move money between profiles and rails. */
export const BATCH_OPERATIONS = [
  'createInternalTransfer',
  'createSvcTransfer',
  'createOrchestration',
] as const;
export type BatchOperation = (typeof BATCH_OPERATIONS)[number];

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
