/**
 * Payouts asked twice (issue 64): a batch whose rows, in any order and under any file name, are
 * those of a batch of the last days, and the rows of a batch that repeat rows of earlier ones.
 * Both are indexed look-ups by the content keys `batch-row-key.ts` defines (migration 030).
 */
import {
  BATCH_REPEATS_SHOWN,
  type BatchOperation,
  type BatchRepeat,
  type BatchState,
  type BatchUploadedBefore,
} from '@console/schemas';
import { jsonb, utcText, type Db, type Queryable } from '../db/db';
import { contentOf } from './batch-row-key';
import { ROW_STATE } from './batch-row-state';

/** How many days back an upload is compared with earlier batches, unless configured. */
export const DEFAULT_REPEAT_DAYS = 7;

/**
 * The states of an earlier batch that an upload of the same rows repeats. Awaiting approval,
 * sending, paused and done: its rows were sent, are being sent, or will be once approved, so the
 * same rows again would pay every payout twice. A rejected batch sent nothing. A cancelled one
 * was stopped on purpose, and uploading its rows again is how they are sent after all; the rows
 * it did send before it was stopped are each shown to the approver as repeats (`repeatedRows`).
 */
export const REPEATED_BATCH_STATES: readonly BatchState[] = [
  'awaiting_approval',
  'sending',
  'paused',
  'done',
];

const EARLIER_COLUMNS = `b.id::text as batch_id, b.state, b.file_name,
  ${utcText('b.created_at')} as created_at, b.created_by, b.created_by_name`;

/**
 * The newest batch of the last `days` (before `before`, when given: a batch's own moment) of the
 * same operation whose rows, as a multiset, have `contentHash`, in a state that counts.
 */
export async function findRepeatOf(
  q: Queryable,
  operation: BatchOperation,
  contentHash: string,
  days: number,
  before?: { id: string },
): Promise<BatchUploadedBefore | null> {
  if (!contentHash) return null;
  const [found] = await q.query<Omit<BatchUploadedBefore, 'same_order'>>(
    `select ${EARLIER_COLUMNS} from batches b
     where b.operation = $1 and b.content_hash = $2
       and b.created_at >= now() - make_interval(days => $3::int)
       and b.state in (select jsonb_array_elements_text($4::text::jsonb))
       and b.id::text <> $5
     order by b.created_at desc, b.id desc limit 1`,
    [operation, contentHash, days, jsonb(REPEATED_BATCH_STATES), before?.id ?? ''],
  );
  return found ? { ...found, same_order: false } : null;
}

/** What `findByHash` and `findRepeatOf` give of a batch, read by its id. */
export async function earlierBatch(
  q: Queryable,
  where: string,
  params: (string | number)[],
): Promise<Omit<BatchUploadedBefore, 'same_order'> | null> {
  const [found] = await q.query<Omit<BatchUploadedBefore, 'same_order'>>(
    `select ${EARLIER_COLUMNS} from batches b where ${where} limit 1`,
    params,
  );
  return found ?? null;
}

/**
 * The rows of batch `id` that repeat a row of a batch uploaded in the `days` before it: the
 * same operation and content key, in a batch not rejected, a row not left out, and of a
 * cancelled batch only a row that left (one never sent pays nothing). Read when the batch is,
 * so that an earlier batch rejected since stops counting.
 */
export async function repeatedRows(
  q: Queryable,
  id: string,
  days: number,
  shown = BATCH_REPEATS_SHOWN,
): Promise<{ total: number; rows: BatchRepeat[] }> {
  const found = await q.query<{
    row: number;
    batch_id: string;
    file_name: string;
    batch_state: BatchState;
    created_at: string;
    created_by: string;
    created_by_name: string;
    earlier_row: number;
    row_state: BatchRepeat['earlier'][number]['row_state'];
  }>(
    `select n.row_no as row, b.id::text as batch_id, b.file_name, b.state as batch_state,
       ${utcText('b.created_at')} as created_at, b.created_by, b.created_by_name,
       r.row_no as earlier_row, ${ROW_STATE} as row_state
     from batch_rows n
     join batches nb on nb.id = n.batch_id
     join batch_rows r on r.content_key = n.content_key and r.batch_id <> n.batch_id
     join batches b on b.id = r.batch_id
     left join journal_entries e on e.id = r.journal_id
     where n.batch_id = $1::uuid and n.content_key is not null and not n.excluded
       and b.operation = nb.operation
       and (b.created_at < nb.created_at or (b.created_at = nb.created_at and b.id < nb.id))
       and b.created_at >= nb.created_at - make_interval(days => $2::int)
       and not r.excluded and b.state <> 'rejected'
       and (b.state <> 'cancelled' or r.journal_id is not null)
     order by n.row_no, b.created_at, b.id, r.row_no`,
    [id, days],
  );
  const rows: BatchRepeat[] = [];
  let total = 0;
  let last: BatchRepeat | undefined;
  for (const f of found) {
    const row = Number(f.row);
    if (last?.row !== row) {
      total += 1;
      last = { row, earlier: [] };
      if (rows.length < shown) rows.push(last);
    }
    last.earlier.push({
      batch_id: f.batch_id,
      file_name: f.file_name,
      batch_state: f.batch_state,
      created_at: f.created_at,
      created_by: f.created_by,
      created_by_name: f.created_by_name,
      row: Number(f.earlier_row),
      row_state: f.row_state,
    });
  }
  return { total, rows };
}

/**
 * Gives the batches stored before migration 030 their rows' content keys, by the one definition
 * of the key: a batch at a time, each in its own transaction. Idempotent, so that processes
 * starting together may both run it; later calls find nothing to do.
 */
export async function fillContentKeys(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const [batch] = await db.query<{ id: string; operation: BatchOperation }>(
      'select id::text as id, operation from batches where content_hash is null limit 1',
    );
    if (!batch) return filled;
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ row_no: number; body: Record<string, unknown> | null }>(
        `select row_no, body from batch_rows
         where batch_id = $1::uuid and not excluded order by row_no`,
        [batch.id],
      );
      const content = contentOf(batch.operation, rows);
      await tx.query(
        `update batch_rows r set content_key = k.content_key
         from jsonb_to_recordset($2::text::jsonb) as k(row_no integer, content_key text)
         where r.batch_id = $1::uuid and r.row_no = k.row_no`,
        [
          batch.id,
          jsonb(rows.map((r, i) => ({ row_no: Number(r.row_no), content_key: content.keys[i] }))),
        ],
      );
      // A batch with no row left to key still gets a hash, so that it is not looked at again.
      await tx.query('update batches set content_hash = $2 where id = $1::uuid', [
        batch.id,
        content.hash,
      ]);
    });
    filled += 1;
  }
}
