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
import { operations, type BatchOperation } from '@console/schemas';
import type { StoredRequest } from '../approvals/send-time-rules';
import type { Db, Queryable } from '../db/db';
import { createJobLease } from '../jobs/job-lease';
import type { Logger } from '../logger';
import { dispatch, type DispatchDeps, type Dispatched } from '../send/dispatch';
import {
  BATCH_SENDER_JOB,
  batchLeaseKind,
  createBatchRowQueue,
  type Claimed,
} from './batch-row-queue';
import type { ServicePacer } from '../upstream/service-pace';

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
  const queue = createBatchRowQueue({
    db,
    owner: deps.owner,
    journal: deps.dispatch.journal,
    now,
    ...(deps.stop && { stop: deps.stop }),
  });
  const { claimNeverLeft, journalNext, withWork, finishDone } = queue;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;

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
