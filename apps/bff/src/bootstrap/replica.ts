/**
 * What makes one BFF process a replica among others on one database: its leases renewed while
 * its sends are in flight, its resolver looking for entries nobody holds, and its metrics.
 */
import { mayResend } from '../approvals/approval-send';
import { sendApprovedAsConsole } from '../approvals/resume-approved';
import type { ApprovalDeps } from '../approvals/approval-deps';
import type { Db } from '../db/db';
import type { JournalStore } from '../journal/journal-store';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import type { DispatchDeps } from '../send/dispatch';
import { createResolver, resolverBackoff, type ResolvedReport } from '../send/resolver';

export interface ReplicaOptions {
  db: Db;
  journal: JournalStore;
  dispatch: DispatchDeps;
  approval: ApprovalDeps;
  leaseMs: number;
  resolverIntervalMs: number;
  logger: Logger;
  metrics: Metrics;
}

/**
 * Starts the lease renewal and the resolver. On embedded PGlite no other process can have the
 * database open, so every lease found is a stopped process's: taken over at once, not a lease
 * later. The first look runs now; `firstLook` settles with what it did.
 */
export async function startReplica(options: ReplicaOptions) {
  const { journal, logger } = options;
  if (options.db.kind === 'pglite') {
    const freed = await journal.leases.expireOthers();
    if (freed > 0) logger.info({ entries: freed }, 'took over the entries of a stopped process');
  }
  // Three renewals per lease: one late or failed renewal does not lose an entry in flight.
  const renewal = setInterval(() => {
    journal.leases.renew().then(
      ({ lost }) => {
        for (const id of lost) {
          logger.warn({ journal_id: id }, 'lost the lease of an entry: another process took it');
        }
      },
      (error: unknown) => logger.warn({ err: error }, 'lease renewal failed'),
    );
  }, options.leaseMs / 3);
  renewal.unref();

  const resolver = createResolver(options.dispatch, {
    intervalMs: options.resolverIntervalMs,
    backoff: resolverBackoff(options.resolverIntervalMs),
    logger,
    sendApproved: (entry, requestId) => sendApprovedAsConsole(options.approval, entry, requestId),
    mayResend: (entry, requestId) => mayResend(options.approval, entry, requestId),
    onResolved: (report: ResolvedReport) => options.metrics.resolved(report),
  });
  const firstLook = resolver.start();

  return {
    firstLook,
    /** No more looks; waits for the one under way. */
    stopResolver: () => resolver.stop(),
    /** Stops renewing and ends this process's leases, so another takes its entries at once. */
    async releaseLeases(): Promise<void> {
      clearInterval(renewal);
      const released = await journal.leases.release();
      if (released > 0) logger.info({ entries: released }, 'released the leases of this process');
    },
  };
}
