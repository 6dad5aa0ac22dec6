/**
 * The batch sender (issue 39, DESIGN.md §4a): every process runs one, and a batch in `sending` is
 * sent by the holder of its job lease (`batch-sender:<batch id>`), each process taking the oldest
 * batch nobody holds, so that two batches go out at once from two processes, one process per
 * batch. A batch's rows go in row order. Per row: a slot of the
 * pacer (shared by every process), then one transaction that journals the row's request (its
 * body plus a ref_id derived from the batch and the row) and sets the row's `journal_id`, the row
 * locked and skipped by anyone else who looks meanwhile; then the ordinary send pipeline
 * (`dispatch`) sends the journaled bytes and records the outcome. A row with a `journal_id` is
 * never journaled again: a crash between the journal and the send leaves a SENDING entry that the
 * resolver sends again with the same ref_id and bytes, and settles as a single send.
 *
 * The service's 429, or no answer, leaves the row UNKNOWN (the resolver settles it) and makes the
 * sender wait before the next row, longer each time (up to a minute), the batch saying why in
 * `waiting_for`; the console's own budget having no room leaves the row REJECTED with nothing
 * sent, and the sender sends that same entry again once there is room.
 */
import { createHash } from 'node:crypto';
import { operations, type BatchOperation, type JournalEntry } from '@console/schemas';
import type { StoredRequest } from '../approvals/send-time-rules';
import type { Db, Queryable } from '../db/db';
import { ProblemError } from '../errors';
import { createJobLease, HOLDS_LEASE } from '../jobs/job-lease';
import type { Logger } from '../logger';
import { dispatch, type DispatchDeps, type Dispatched } from '../send/dispatch';
import { sendableOperation } from '../send/operation-table';
import { validatedRequest } from '../send/submit';
import type { ServicePacer } from '../upstream/service-pace';

/** The job leases' kind: one per batch, `batch-sender:<batch id>`. */
export const BATCH_SENDER_JOB = 'batch-sender';
export const batchLeaseKind = (batchId: string) => `${BATCH_SENDER_JOB}:${batchId}`;

/**
 * The ref_id of a row: UUID-shaped from the SHA-256 of `<batch id>:<row>` (version 8, RFC 9562's
 * custom version, and its variant), so that the same row always has the same one, within the
 * service's length limit, and no other row or operator's send has it.
 */
export function batchRefId(batchId: string, row: number): string {
  const hex = createHash('sha256').update(`${batchId}:${row}`).digest('hex').slice(0, 32);
  const version = `8${hex.slice(13, 16)}`;
  const variant = `${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}

export interface BatchSenderDeps {
  db: Db;
  dispatch: DispatchDeps;
  pacer: ServicePacer;
  /** This process (the journal store's owner id). */
  owner: string;
  logger: Logger;
  /** How long the lease holds unrenewed. */
  leaseMs?: number;
  /** Rows sent at once (each from its own pacer slot): covers the service's latency. */
  concurrency?: number;
  /** The first wait after a 429 or no answer; doubled per failure in a row, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
  /**
   * Why a row's request may not be sent now (the policy in force refuses it), or null: asked
   * just before the row is journaled, as an approved single send is asked before it leaves.
   */
  stop?: (request: StoredRequest) => Promise<string | null>;
}

/** A row the sender journaled (or an entry it claimed back to send again), ready to send. */
interface Claimed {
  batchId: string;
  row: number;
  entry: JournalEntry;
}

const WAITING_ROW = `r.journal_id is null and not r.excluded and r.state is null`;
/** An entry of a row that was journaled but never left (the console's budget had no room). */
const NEVER_LEFT = `e.state = 'REJECTED' and e.attempts = 0 and e.response_status is null`;
const SENDABLE = `b.state = 'sending' and (b.not_before is null or b.not_before <= now())`;

const clock = (at: Date) => `${at.toISOString().slice(11, 19)} UTC`;

export function createBatchSender(deps: BatchSenderDeps) {
  const { db, logger } = deps;
  const leaseMs = deps.leaseMs ?? 30_000;
  const concurrency = deps.concurrency ?? 8;
  const backoffMs = deps.backoffMs ?? 2_000;
  const maxBackoffMs = deps.maxBackoffMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const leaseOf = (batchId: string) =>
    createJobLease(db, { kind: batchLeaseKind(batchId), owner: deps.owner, leaseMs });
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;

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
    const entry = await deps.dispatch.journal.claim(found.journal_id, ['REJECTED'], requestId);
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
      const entry = await deps.dispatch.journal.create(
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

  /** The batch waits before its next row: why, in words, and until when. */
  async function wait(q: Queryable, batchId: string, why: string, retryAfterMs?: number) {
    const [row] = await q.query<{ backoff: number; since: Date | string }>(
      `select backoff, coalesce(waiting_since, now()) as since from batches where id = $1::uuid`,
      [batchId],
    );
    const failures = Number(row?.backoff ?? 0);
    const ms = retryAfterMs ?? Math.min(maxBackoffMs, backoffMs * 2 ** failures);
    const since = new Date(row?.since ?? now());
    const until = new Date(now() + ms);
    const words = `${why} (since ${clock(since)}); sending again from ${clock(until)}`;
    await q.query(
      `update batches set waiting_for = $2, waiting_since = coalesce(waiting_since, now()),
         not_before = now() + make_interval(secs => $3::double precision / 1000),
         backoff = backoff + 1, updated_at = now()
       where id = $1::uuid and state in ('sending', 'paused')`,
      [batchId, words, ms],
    );
    return ms;
  }

  /** What a row's send says of the service: go on, or wait (and every process's pacer too). */
  async function afterSend(claimed: Claimed, sent: Dispatched): Promise<void> {
    // Stopped waiting at shutdown: that says nothing of the service.
    if (deps.dispatch.signal?.aborted) return;
    const { entry } = sent;
    const path = entry.request_path;
    if (sent.notSent !== undefined) {
      // Nothing left: the console's budget had no room, or no token came.
      const why = `Nothing could be sent: ${sent.notSent.replace(/^not sent: /, '')}`;
      await wait(db, claimed.batchId, why, sent.retryAfterMs);
      return;
    }
    if (entry.state === 'UNKNOWN') {
      const throttled = entry.response_status === 429;
      const why = throttled
        ? 'The service asked the console to slow down (429)'
        : entry.response_status === null
          ? 'The service did not answer'
          : `The service is unavailable (it answered ${entry.response_status})`;
      const ms = await wait(db, claimed.batchId, why);
      await deps.pacer.holdOff(path, ms);
      return;
    }
    await db.query(
      `update batches set waiting_for = null, waiting_since = null, backoff = 0,
         updated_at = now()
       where id = $1::uuid and backoff > 0`,
      [claimed.batchId],
    );
  }

  async function sendOne(claimed: Claimed): Promise<void> {
    const sent = await dispatch(deps.dispatch, claimed.entry, {
      resolving: false,
      requestId: claimed.entry.request_id,
    });
    await afterSend(claimed, sent);
  }

  /** Sends the rows of one batch while this process holds its lease and rows wait. */
  async function sendBatch(batch: { id: string; operation: BatchOperation }): Promise<void> {
    const lease = leaseOf(batch.id);
    if (!(await lease.acquire()).held) return;
    const path = operations[batch.operation].path;
    let renewedAt = now();
    const inFlight = new Set<Promise<void>>();
    const track = (work: Promise<void>) => {
      const tracked = work
        .catch((error: unknown) => logger.warn({ err: error }, 'a batch row was not sent'))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    };
    try {
      while (!stopping.signal.aborted) {
        if (now() - renewedAt > leaseMs / 3) {
          if (!(await lease.acquire()).held) break;
          renewedAt = now();
        }
        if (inFlight.size >= concurrency) {
          await Promise.race(inFlight);
          continue;
        }
        if ((await withWork(batch.id)).length === 0) {
          if (inFlight.size === 0) break;
          // Rows in flight may yet come back to be sent again: wait for them before ending.
          await Promise.race(inFlight);
          continue;
        }
        await deps.pacer.slot(path, stopping.signal);
        if (stopping.signal.aborted) break;
        const claimed = (await claimNeverLeft(batch.id)) ?? (await journalNext(batch.id));
        if (claimed === 'failed' || claimed === undefined) continue;
        track(sendOne(claimed));
      }
      await Promise.all(inFlight);
      await finishDone();
    } finally {
      await Promise.allSettled(inFlight);
      await lease.release().catch(() => false);
    }
  }

  /** Sends batch after batch, each whose lease this process takes, until none waits for it. */
  async function turn(): Promise<void> {
    const tried = new Set<string>();
    while (!stopping.signal.aborted) {
      const next = (await withWork()).find((batch) => !tried.has(batch.id));
      if (!next) break;
      tried.add(next.id);
      await sendBatch(next);
    }
    // A batch whose last rows another process or the resolver settled is done too.
    await finishDone();
    // The leases of batches that will send nothing more, nobody holding them, go.
    await db.query(
      `delete from job_leases l where l.kind like $1
         and (l.lease_until is null or l.lease_until <= now())
         and not exists (select 1 from batches b
           where l.kind = $2 || b.id::text and b.state in ('sending', 'paused'))`,
      [`${BATCH_SENDER_JOB}:%`, `${BATCH_SENDER_JOB}:`],
    );
  }

  return {
    /**
     * Ends the batch leases other processes hold. Only for a database no other process can have
     * open (embedded PGlite): whoever held them before this start has stopped.
     */
    async expireOthers(): Promise<void> {
      await db.query(
        `update job_leases set lease_until = now(), updated_at = now()
         where kind like $1 and owner is distinct from $2 and lease_until > now()`,
        [`${BATCH_SENDER_JOB}:%`, deps.owner],
      );
    },

    /**
     * Looks for work now: at start, on a timer, and when a batch is approved or resumed. A look
     * while one runs makes that one look again before it ends.
     */
    wake(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await turn();
          } while (again && !stopping.signal.aborted);
        } catch (error) {
          logger.warn({ err: error }, 'the batch sender stopped a turn');
        } finally {
          running = undefined;
        }
      })();
      return running;
    },

    /** Stops after the rows in flight (the dispatch's own signal ends their waits at shutdown). */
    async stop(): Promise<void> {
      stopping.abort();
      await running;
    },
  };
}

export type BatchSender = ReturnType<typeof createBatchSender>;

/**
 * Starts the sender's loop: a look at once and every `intervalMs` (a batch whose wait ended, a
 * lease another process let run out), besides the wakes of approvals and resumes.
 */
export function startBatchSender(sender: BatchSender, options: { intervalMs: number }) {
  void sender.wake();
  const timer = setInterval(() => void sender.wake(), options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sender.stop();
  };
}
