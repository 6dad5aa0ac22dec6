/**
 * Runs reconciliation (issue 40): a run reads the journal's sends of its period, then the
 * service's records of their `ref_id`s (in groups of at most 100, as List Transfers, List Orders
 * and List Orchestrations allow) and the service's records created in the period, matches both
 * (`match.ts`) and writes what differs to the queue (`recon-store.ts`).
 *
 * Only the holder of the `reconcile` job lease runs, one run at a time, for the whole deployment;
 * its reads go through the paced reader at the watcher's share of the service's rate limit and
 * the deployment's shared budget. A run keeps its place: each step's records are written with the
 * step's end (`recon_run_records`, `recon_runs.position`) in one transaction, so a run cut by a
 * crash is resumed by whoever holds the lease next, from the step it had reached.
 */
import { randomUUID } from 'node:crypto';
import { jsonb, utcText } from '../db/db';
import { createJobLease } from '../jobs/job-lease';
import {
  createPacedReader,
  LeaseGone,
  ReadPause,
  ReadRefused,
  sleepUnlessStopped,
  type ReadService,
} from '../jobs/paced-reader';
import type { Logger } from '../logger';
import { matchPeriod } from './match';
import { periodSends } from './period-sends';
import type { RecordType, ServiceRecord } from './match-types';
import { createReconStore, type FindingsOutcome } from './recon-store';
import { createStatementStore } from './statement-store';
import { HOUR_MS, type ReconcilerDeps, type ReconcilerOptions } from './reconcile-options';
import { LISTS, PAGE_LIMIT, stepsOf, type Position, type RunStep } from './run-steps';

export const RECONCILE_JOB = 'reconcile';
export function createReconciler(deps: ReconcilerDeps, options: ReconcilerOptions) {
  const now = deps.now ?? Date.now;
  const lease = createJobLease(deps.db, {
    kind: RECONCILE_JOB,
    owner: deps.owner,
    leaseMs: options.leaseMs,
  });
  const store = createReconStore(deps.db);
  const statements = createStatementStore(deps.db);
  let stopper = new AbortController();
  let turning: Promise<FindingsOutcome | null> | undefined;

  /** The run over yesterday (UTC), once, after 01:00 UTC: the service's day is complete. */
  async function startDaily(): Promise<void> {
    const at = new Date(now());
    if (at.getUTCHours() < 1) return;
    const to = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    const from = new Date(to - 24 * HOUR_MS).toISOString();
    await deps.db.query(
      `insert into recon_runs (id, period_from, period_to, started_by, state)
       select $1, $2, $3, 'daily', 'running'
       where not exists (select 1 from recon_runs where started_by = 'daily' and period_from = $2)`,
      [randomUUID(), from, new Date(to).toISOString()],
    );
  }
  let renewedAt = 0;
  const keep = async () => {
    if (now() - renewedAt < options.leaseMs / 3) return true;
    const taken = await lease.acquire();
    if (taken.held) renewedAt = now();
    return taken.held;
  };
  const reader = createPacedReader({
    client: deps.client,
    now,
    sleep: deps.sleep ?? sleepUnlessStopped,
    signal: () => stopper.signal,
    keep,
    spacingMs: options.spacingMs,
    timeoutMs: options.timeoutMs,
    requestPrefix: 'reconcile',
  });

  /** Reads one page of a step; the records and the next cursor (none: the step is done). */
  async function readStep(
    read: ReadService,
    step: RunStep,
    period: { from: string; to: string },
    cursor: string | undefined,
  ): Promise<{ records: Record<string, unknown>[]; cursor: string | undefined }> {
    const list = LISTS[step.recordType];
    const query: Record<string, unknown> = { limit: String(PAGE_LIMIT) };
    if (step.kind === 'refs') query[list.refs] = step.refIds;
    else {
      query[list.from] = period.from;
      if (step.recordType === 'order') query['order_time.end'] = period.to;
      else query['created_at.lt'] = period.to;
    }
    if (cursor) query.page_cursor = cursor;
    // These reads all need a token: their scope is never null.
    const body = await read(list.read.toPath({}, query), list.read.scope ?? '');
    const names = list.read.list;
    const member = body[names?.member ?? 'items'] ?? (names?.alias ? body[names.alias] : undefined);
    const records = Array.isArray(member) ? (member as Record<string, unknown>[]) : [];
    const next =
      typeof body.next_page_cursor === 'string' && body.next_page_cursor !== ''
        ? body.next_page_cursor
        : undefined;
    return { records, cursor: next };
  }

  /**
   * Takes a run from where it stands to its end while this process holds the lease; the
   * outcome, or null when the lease was lost or the service said "not now" (the run waits, its
   * place kept).
   */
  async function execute(runId: string): Promise<FindingsOutcome | null> {
    const [run] = await deps.db.query<{ from: string; to: string; position: Position }>(
      `select ${utcText('period_from')} as from, ${utcText('period_to')} as to, position
       from recon_runs where id = $1 and state = 'running'`,
      [runId],
    );
    if (!run) return null;
    const sends = await periodSends(deps.db, run.from, run.to);
    const steps = stepsOf(sends);
    const counter = { reads: 0 };
    const read = reader(counter);
    let position: Position = { step: run.position.step ?? 0, cursor: run.position.cursor };
    try {
      while (position.step < steps.length) {
        const step = steps[position.step]!;
        const page = await readStep(read, step, run, position.cursor);
        position = page.cursor
          ? { step: position.step, cursor: page.cursor }
          : { step: position.step + 1 };
        const held = await saveStep(runId, step.recordType, page.records, position, counter.reads);
        counter.reads = 0;
        if (!held) return null;
      }
    } catch (error) {
      if (error instanceof LeaseGone) return null;
      if (error instanceof ReadPause) {
        deps.logger.warn({ run: runId, reason: error.message }, 'reconciliation waits');
        return null;
      }
      throw error;
    }
    const records = await deps.db.query<ServiceRecord>(
      'select record_type, record from recon_run_records where run_id = $1',
      [runId],
    );
    const { differences, matches } = matchPeriod(sends, records, {
      now: now(),
      pendingLimitMs: options.pendingLimitMs,
      sampleBefore: options.sampleBefore,
    });
    // The statements uploaded for this run are matched with what it read (issue 64): before the
    // run ends, so that a run resumed after a crash here matches them still.
    await statements.matchWaiting(runId, sends, records, { sampleBefore: options.sampleBefore });
    const outcome = await store.recordFindings({
      runId,
      from: run.from,
      to: run.to,
      differences,
      matches,
    });
    await deps.db.query('delete from recon_run_records where run_id = $1', [runId]);
    deps.logger.info({ run: runId, ...outcome }, 'reconciliation run done');
    return outcome;
  }

  /** Writes a page's records and the run's new place, while the lease is this process's. */
  async function saveStep(
    runId: string,
    recordType: RecordType,
    records: readonly Record<string, unknown>[],
    position: Position,
    reads: number,
  ): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const held = await tx.query<{ held: boolean }>(
        `select exists (select 1 from job_leases where kind = $1 and owner = $2
           and lease_until > now()) as held`,
        [RECONCILE_JOB, deps.owner],
      );
      if (!held[0]?.held) return false;
      for (const record of records) {
        if (typeof record.id !== 'string') continue;
        await tx.query(
          `insert into recon_run_records (run_id, record_type, record_id, record)
           values ($1, $2, $3, $4::text::jsonb)
           on conflict (run_id, record_type, record_id) do update set record = excluded.record`,
          [runId, recordType, record.id, jsonb(record)],
        );
      }
      await tx.query(
        `update recon_runs set position = $2::text::jsonb, reads = reads + $3 where id = $1`,
        [runId, jsonb(position), reads],
      );
      return true;
    });
  }

  return {
    lease,
    store,
    statements,
    execute,
    /** Starts a run over a period; its id. The lease holder takes it up. */
    async start(period: { from: string; to: string }, startedBy: string): Promise<string> {
      const id = randomUUID();
      await store.startRun({ id, ...period, startedBy });
      return id;
    },
    /**
     * One turn: while holding the lease, the day before's run started when due, and every
     * unfinished run taken to its end, oldest first; the last one's outcome. One turn at a time in
     * a process (a run asked for while a turn goes on is taken by that turn or the next).
     */
    turn(): Promise<FindingsOutcome | null> {
      turning ??= (async () => {
        try {
          if (!(await keep())) return null;
          if (options.daily) await startDaily();
          // Every unfinished run, oldest first, until none is left or one must wait.
          let last: FindingsOutcome | null = null;
          for (;;) {
            const [next] = await deps.db.query<{ id: string }>(
              `select id from recon_runs where state = 'running' order by started_at limit 1`,
            );
            if (!next) return last;
            let outcome: FindingsOutcome | null;
            try {
              outcome = await execute(next.id);
            } catch (error) {
              // A refusal no retry mends (a read the service answers 4xx): the run ends failed,
              // with why, rather than being tried again every minute. Anything else is thrown.
              if (!(error instanceof ReadRefused)) throw error;
              const message = error.message;
              await deps.db.query(
                `update recon_runs set state = 'failed', error = $2, finished_at = now()
                 where id = $1 and state = 'running'`,
                [next.id, message.slice(0, 500)],
              );
              await statements.failWaiting(next.id);
              deps.logger.warn({ run: next.id, err: error }, 'reconciliation run failed');
              continue;
            }
            if (!outcome) return last;
            last = outcome;
          }
        } finally {
          turning = undefined;
        }
      })();
      return turning;
    },
    stop() {
      stopper.abort();
      stopper = new AbortController();
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;

/**
 * Turns now and every `intervalMs` (a run cut by a crash is resumed here); the function stops
 * it.
 */
export function startReconcileLoop(
  reconciler: Reconciler,
  options: { intervalMs: number; logger: Logger },
): () => void {
  const turn = () =>
    void reconciler
      .turn()
      .catch((error: unknown) => options.logger.warn({ err: error }, 'reconciliation failed'));
  turn();
  const timer = setInterval(turn, options.intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    reconciler.stop();
  };
}
