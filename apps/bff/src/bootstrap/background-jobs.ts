/**
 * What a BFF process does besides answering requests, started once it listens and stopped in
 * order by `close`: the sweeps of expired requests and spent counters, the replica's leases and
 * resolver, the notifier, the watcher, reconciliation, the batch sender, the scheduler, the
 * audit trail's jobs and the insights roller. Each job that one process of the deployment must
 * do alone holds a job lease of its own;
 * embedded (PGlite), a lease held by a process that crashed is ended at once.
 */
import { sweepExpired } from '../approvals/approval-flow';
import { requestStop } from '../approvals/send-time-rules';
import type { BatchSender } from '../batches/batch-sender';
import { startBatchSender } from '../batches/batch-sender';
import type { Logger } from '../logger';
import { startReconcileLoop, type Reconciler } from '../reconcile/reconciler';
import { occurrenceLimits } from '../schedules/schedule-limits';
import { ROLL_INTERVAL_MS, startRoller } from '../insights/insights-roller';
import { createScheduleRunner, startScheduleRunner } from '../schedules/schedule-runner';
import type { ScheduleClock } from '../schedules/schedule-clock';
import { startAuditJobs } from './audit-jobs';
import { startNotifier } from './notifications';
import { startReplica } from './replica';
import { startWatcher } from './watch';

export interface BackgroundJobDeps {
  replica: Parameters<typeof startReplica>[0];
  notifier: Parameters<typeof startNotifier>[0];
  watcher: Parameters<typeof startWatcher>[0];
  audit: Parameters<typeof startAuditJobs>[0];
  reconciler: Reconciler;
  batchSender: BatchSender;
  /** The clock occurrences fall due by: the embedded sandbox's in the demo, else the system's. */
  scheduleClock?: ScheduleClock | undefined;
  /** What the minute's sweep clears; `flows` only with single sign-on. */
  sweep: {
    approvals: Parameters<typeof sweepExpired>[0]['approvals'];
    journal: Parameters<typeof sweepExpired>[0]['journal'];
    counters: { sweep(): Promise<unknown> };
    flows: { sweep(): Promise<unknown> } | undefined;
  };
  logger: Logger;
}

export interface BackgroundJobs {
  /** The resolver's first look at entries left SENDING (`RunningBff.resolved`). */
  firstLook: Awaited<ReturnType<typeof startReplica>>['firstLook'];
  /** Stops what has nothing in flight: the sweep, reconciliation, checkpoints, verification. */
  stopAtOnce(): void;
  /** Stops what may have sends or messages in flight, waiting for them. */
  stopInFlight(): Promise<void>;
  /** Stops the resolver, waiting for its look under way. */
  stopResolver(): Promise<void>;
  /** The sealer's and the insights roller's last looks: after every request in flight ended. */
  stopSealing(): Promise<void>;
  /** Gives up this process's leases, so that another process takes over at once. */
  releaseLeases(): Promise<void>;
}

export async function startBackgroundJobs(deps: BackgroundJobDeps): Promise<BackgroundJobs> {
  const { logger, sweep } = deps;
  const db = deps.replica.db;
  // Requests waiting past their limit become EXPIRED even when nobody reads the queue.
  // Counters whose window and lock have passed go too.
  const sweeper = setInterval(() => {
    sweepExpired({ approvals: sweep.approvals, journal: sweep.journal, now: Date.now }).catch(
      (error: unknown) => logger.warn({ err: error }, 'approval expiry sweep failed'),
    );
    sweep.counters
      .sweep()
      .catch((error: unknown) => logger.warn({ err: error }, 'counter sweep failed'));
    sweep.flows
      ?.sweep()
      .catch((error: unknown) => logger.warn({ err: error }, 'flow sweep failed'));
  }, 60_000);
  sweeper.unref();
  const started = await startReplica(deps.replica);
  const notifier = await startNotifier(deps.notifier);
  const watcher = await startWatcher(deps.watcher);

  // Embedded, no other process can hold the lease: a run cut by a crash resumes at once.
  if (db.kind === 'pglite') await deps.reconciler.lease.expireOthers();
  const stopReconciling = startReconcileLoop(deps.reconciler, { intervalMs: 60_000, logger });
  if (db.kind === 'pglite') await deps.batchSender.expireOthers();
  const stopBatches = startBatchSender(deps.batchSender, { intervalMs: 2_000 });
  // Scheduled sends (issue 63): one scheduler for the deployment by its job lease, each
  // occurrence asked of the policy in force before it is journaled, as a batch's row is, and
  // counted against its maker's limits as it is journaled, as a single send is.
  const { replica } = deps;
  const scheduler = createScheduleRunner({
    db,
    dispatch: replica.dispatch,
    owner: replica.journal.owner,
    leaseMs: replica.leaseMs,
    logger,
    stop: (request) => requestStop(replica.approval, request),
    limits: occurrenceLimits(replica.approval),
    ...(deps.scheduleClock && { now: () => deps.scheduleClock!.now() }),
  });
  if (db.kind === 'pglite') await scheduler.lease.expireOthers();
  const stopSchedules = startScheduleRunner(scheduler, {
    intervalMs: 5_000,
    logger,
    // A moved clock may have brought occurrences due: a look at once, not up to 5 s later.
    ...(deps.scheduleClock?.onMove && { onMove: deps.scheduleClock.onMove }),
  });

  // The audit trail's jobs, each under its job lease (issue 57, ADR 022).
  const audit = await startAuditJobs(deps.audit);
  // The Insights page's money moved (issue 62, ADR 036): the rows sends appended, folded into
  // their days by the holder of the roller's job lease.
  const stopRolling = await startRoller({
    db,
    owner: replica.journal.owner,
    intervalMs: ROLL_INTERVAL_MS,
    logger,
  });

  return {
    firstLook: started.firstLook,
    stopAtOnce() {
      clearInterval(sweeper);
      audit.stopLooking();
      stopReconciling();
    },
    async stopInFlight() {
      await Promise.all([
        started.stopResolver(),
        notifier.stop(),
        watcher?.stop(),
        stopBatches(),
        stopSchedules(),
      ]);
    },
    stopResolver: () => started.stopResolver(),
    async stopSealing() {
      await Promise.all([audit.stopSealing(), stopRolling()]);
    },
    releaseLeases: () => started.releaseLeases(),
  };
}
