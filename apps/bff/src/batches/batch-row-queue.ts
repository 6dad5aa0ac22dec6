/**
 * The rows of sending batches as a queue (issue 39): the next row of a batch journaled with its
 * ref_id in one transaction while this process holds the batch's lease, an entry that never left
 * claimed back to send again, a row the rules refuse at send time failed in words, and the
 * batches whose every row is answered moved to `done`. What the sender (`batch-sender.ts`) does
 * with them, and when, is its own.
 */
import type { BatchOperation, JournalEntry } from '@console/schemas';
import type { StoredRequest } from '../approvals/send-time-rules';
import type { Db, Queryable } from '../db/db';
import { ProblemError } from '../errors';
import { HOLDS_LEASE } from '../jobs/job-lease';
import type { DispatchDeps } from '../send/dispatch';
import { derivedRefId } from '../send/derived-ref-id';
import { sendableOperation } from '../send/operation-table';
import { validatedRequest } from '../send/submit';

/** The job leases' kind: one per batch, `batch-sender:<batch id>`. */
export const BATCH_SENDER_JOB = 'batch-sender';
export const batchLeaseKind = (batchId: string) => `${BATCH_SENDER_JOB}:${batchId}`;

/** The ref_id of a row: derived from `<batch id>:<row>`, the same for the same row always. */
export function batchRefId(batchId: string, row: number): string {
  return derivedRefId(`${batchId}:${row}`);
}

/** A row the sender journaled (or an entry it claimed back to send again), ready to send. */
export interface Claimed {
  batchId: string;
  row: number;
  entry: JournalEntry;
}

const WAITING_ROW = `r.journal_id is null and not r.excluded and r.state is null`;
/** An entry of a row that was journaled but never left (the console's budget had no room). */
const NEVER_LEFT = `e.state = 'REJECTED' and e.attempts = 0 and e.response_status is null`;
export const SENDABLE = `b.state = 'sending' and (b.not_before is null or b.not_before <= now())`;

/** The row queue of the batches `deps.owner` sends. */
export function createBatchRowQueue(deps: {
  db: Db;
  owner: string;
  journal: DispatchDeps['journal'];
  now: () => number;
  /** Why a row's request may not be sent now (`BatchSenderDeps.stop`), or null. */
  stop?: (request: StoredRequest) => Promise<string | null>;
}) {
  const { db, now } = deps;

  /** An entry of a sending batch that never left, claimed back to SENDING to send again. */
  async function claimNeverLeft(batchId: string): Promise<Claimed | undefined> {
    const [found] = await db.query<{ batch_id: string; row: number; journal_id: string }>(
      `select r.batch_id::text as batch_id, r.row_no as row, r.journal_id
       from batch_rows r join batches b on b.id = r.batch_id
         join journal_entries e on e.id = r.journal_id
       where b.id = $1::uuid and ${SENDABLE} and ${NEVER_LEFT}
       order by r.row_no limit 1`,
      [batchId],
    );
    if (!found) return undefined;
    const requestId = `batch-${found.batch_id.slice(0, 8)}-${found.row}`;
    const entry = await deps.journal.claim(found.journal_id, ['REJECTED'], requestId);
    return entry && { batchId: found.batch_id, row: Number(found.row), entry };
  }

  /** Marks a row that will not be sent, with why in words; unjournaled, it is never sent. */
  async function failRow(q: Queryable, batchId: string, rowNo: number, words: string) {
    await q.query(
      `update batch_rows set state = 'failed', error = $3
       where batch_id = $1::uuid and row_no = $2 and journal_id is null and state is null`,
      [batchId, rowNo, `not sent: ${words}`],
    );
  }

  /**
   * Journals the next row of a sending batch and sets its journal_id, in one transaction, while
   * this process holds the lease. Before that, the row's request is built and asked of the rules
   * as they are now (`stop`): a row whose request cannot be built at send time (a rule of the
   * clock), or that the policy in force refuses now (its destination revoked since the approval,
   * a rule that refuses it since), fails in words, unjournaled. Undefined when no row waits.
   */
  async function journalNext(batchId: string): Promise<Claimed | 'failed' | undefined> {
    const [row] = await db.query<{
      batch_id: string;
      row: number;
      body: Record<string, unknown>;
      operation: BatchOperation;
      created_by: string;
      created_by_name: string;
      policy_version: number | null;
    }>(
      `select r.batch_id::text as batch_id, r.row_no as row, r.body, b.operation, b.created_by,
         b.created_by_name, b.policy_version
       from batch_rows r join batches b on b.id = r.batch_id
       where b.id = $3::uuid and ${SENDABLE} and ${WAITING_ROW} and ${HOLDS_LEASE('$1', '$2')}
       order by r.row_no limit 1`,
      [batchLeaseKind(batchId), deps.owner, batchId],
    );
    if (!row) return undefined;
    const rowNo = Number(row.row);
    const operation = sendableOperation(row.operation)!;
    const refId = batchRefId(row.batch_id, rowNo);
    let request: { path: string; body: Record<string, unknown> };
    try {
      request = validatedRequest(operation, { ...row.body, ref_id: refId }, now);
    } catch (error) {
      const words =
        error instanceof ProblemError ? error.init.detail : 'its request could not be built';
      await failRow(db, row.batch_id, rowNo, words ?? 'its request could not be built');
      return 'failed';
    }
    // Asked outside the transaction: the rules read the book and the directory, and an embedded
    // database has one connection, which the transaction holds.
    const stop = await deps.stop?.({
      operation: operation.id,
      operator: row.created_by,
      body: request.body,
    });
    if (stop) {
      await failRow(db, row.batch_id, rowNo, stop);
      return 'failed';
    }
    return db.transaction(async (tx) => {
      // The same row, still waiting: locked, or skipped when another process has it.
      const [locked] = await tx.query<{ row_no: number }>(
        `select r.row_no from batch_rows r join batches b on b.id = r.batch_id
         where b.id = $3::uuid and r.row_no = $4 and ${SENDABLE} and ${WAITING_ROW}
           and ${HOLDS_LEASE('$1', '$2')}
         for update of r skip locked`,
        [batchLeaseKind(batchId), deps.owner, batchId, rowNo],
      );
      if (!locked) return undefined;
      const entry = await deps.journal.create(
        {
          operation: operation.id,
          operator: row.created_by,
          operator_name: row.created_by_name,
          ref_id: refId,
          method: operation.method,
          request_path: request.path,
          request_body: JSON.stringify(request.body),
          request_id: `batch-${row.batch_id.slice(0, 8)}-${rowNo}`,
          policy_version: row.policy_version === null ? null : Number(row.policy_version),
        },
        'SENDING',
        tx,
      );
      await tx.query(
        `update batch_rows set journal_id = $3, ref_id = $4
         where batch_id = $1::uuid and row_no = $2 and journal_id is null`,
        [row.batch_id, rowNo, entry.id, refId],
      );
      return { batchId: row.batch_id, row: rowNo, entry };
    });
  }

  /** The sending batches with a row to send now, oldest first. */
  async function withWork(only?: string): Promise<{ id: string; operation: BatchOperation }[]> {
    return db.query<{ id: string; operation: BatchOperation }>(
      `select b.id::text as id, b.operation from batches b
       where ${SENDABLE} and ($1::uuid is null or b.id = $1::uuid) and exists (
         select 1 from batch_rows r left join journal_entries e on e.id = r.journal_id
         where r.batch_id = b.id and (${WAITING_ROW} or (${NEVER_LEFT})))
       order by b.created_at, b.id`,
      [only ?? null],
    );
  }

  /** Batches in `sending` whose every row has left and been answered (or given up): done. */
  async function finishDone(): Promise<void> {
    await db.query(
      `update batches b set state = 'done', waiting_for = null, not_before = null,
         waiting_since = null, backoff = 0, updated_at = now()
       where b.state = 'sending' and not exists (
         select 1 from batch_rows r left join journal_entries e on e.id = r.journal_id
         where r.batch_id = b.id and (${WAITING_ROW} or (${NEVER_LEFT}) or e.state = 'SENDING'))`,
    );
  }

  return { claimNeverLeft, failRow, journalNext, withWork, finishDone };
}
