/**
 * The sealer (issue 57, ADR 022): the audit trail off the send path. A change's transaction
 * writes its record pending (`audit_pending`, migration 032), without the chains' lock; the
 * process holding the `audit-seal` job lease seals them every `intervalMs`, in batches, each in
 * one transaction of the database's `audit_seal` (lock, number in id order, hash, delete). A
 * sealer killed mid-batch rolls back: the records stay pending and the next holder seals them,
 * once. Two sealers (a lease taken over while its old holder still runs, an export sealing
 * first) queue on the lock and never number the same position.
 */
import type { Db, Queryable } from '../db/db';
import { createJobLease } from '../jobs/job-lease';
import { startLeasedLoop } from '../jobs/leased-loop';
import type { Logger } from '../logger';

export const AUDIT_SEAL_JOB = 'audit-seal';

/** Records sealed per transaction: a bounded lock hold and a bounded rollback. */
export const SEAL_BATCH = 1_000;

/**
 * On PGlite, fewer: its one connection serves every request, and a batch holds it for the whole
 * batch. A batch of 1,000 took 130 to 170 ms on the loaded 2-core host, and p99 at 16 concurrent
 * sends rose from 33.6 to 148 ms when the sealer landed; a batch of 100 holds it for about a
 * tenth of that, for about the same cost per record (ADR 022).
 */
export const PGLITE_SEAL_BATCH = 100;

/** Records a look seals at most, whatever the batch: a lease's worth (see `sealIfHolder`). */
const RECORDS_PER_LOOK = 50_000;

/** The batch for a database, or for a transaction (which has no kind: the larger batch). */
const batchFor = (db: Queryable): number =>
  (db as Partial<Db>).kind === 'pglite' ? PGLITE_SEAL_BATCH : SEAL_BATCH;

/** What is still pending: how many, and since when (the oldest's change). */
export interface PendingRecords {
  count: number;
  /** The oldest pending record's time, or null when none is. */
  oldestAt: string | null;
  /** Its age in seconds by the database's clock (0 when none is). */
  lagSeconds: number;
}

/**
 * Seals pending records, a batch per transaction, until a batch is not full (everything
 * committed before the last batch started is sealed) or `maxBatches` were sealed. Returns how
 * many it sealed. Between batches it lets the event loop turn, so the statements of requests
 * that arrived meanwhile take PGlite's connection before the next batch does.
 *
 * @example
 * await sealPending(db); // then a checkpoint covers everything committed before
 */
export async function sealPending(
  db: Queryable,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = options.batch ?? batchFor(db);
  let total = 0;
  for (let i = 0; i < (options.maxBatches ?? Number.POSITIVE_INFINITY); i += 1) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const [row] = await db.query<{ sealed: number | string }>('select audit_seal($1) as sealed', [
      batch,
    ]);
    const sealed = Number(row?.sealed ?? 0);
    total += sealed;
    if (sealed < batch) break;
  }
  return total;
}

/** The pending records now: count and lag. */
export async function pendingRecords(db: Queryable): Promise<PendingRecords> {
  const [row] = await db.query<{ count: string | number; oldest: Date | string | null }>(
    'select count(*) as count, min(recorded_at) as oldest from audit_pending',
  );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  if (!oldest) return { count: 0, oldestAt: null, lagSeconds: 0 };
  const [clock] = await db.query<{ now: Date | string }>('select clock_timestamp() as now');
  const now = new Date(clock!.now).getTime();
  return {
    count: Number(row!.count),
    oldestAt: oldest.toISOString(),
    lagSeconds: Math.max(0, (now - oldest.getTime()) / 1000),
  };
}

export interface SealerOptions {
  db: Db;
  /** This process (the journal store's owner id). */
  owner: string;
  /** `AUDIT_SEAL_MILLIS`. */
  intervalMs: number;
  logger: Logger;
}

const sealLease = (options: SealerOptions) =>
  createJobLease(options.db, {
    kind: AUDIT_SEAL_JOB,
    owner: options.owner,
    // Several intervals: a holder that stops is replaced within seconds, and one whose look
    // ran long (a backlog) is not taken over while it works. Two sealing at once is harmless:
    // they queue on the lock.
    leaseMs: Math.max(5_000, options.intervalMs * 5),
  });

/** One look: takes (or renews) the lease and, holding it, seals what is pending. */
export async function sealIfHolder(options: SealerOptions): Promise<number | null> {
  if (!(await sealLease(options).acquire()).held) return null;
  // A look seals at most a lease's worth of records, so the holder renews before it runs out.
  return sealPending(options.db, {
    maxBatches: Math.ceil(RECORDS_PER_LOOK / batchFor(options.db)),
  });
}

/**
 * Starts the periodic look (`startLeasedLoop`); the function returned stops it after one last
 * look. Embedded (PGlite), no other process can hold the lease: one held by a process that
 * crashed is ended at once.
 */
export async function startSealer(options: SealerOptions): Promise<() => Promise<void>> {
  if (options.db.kind === 'pglite') await sealLease(options).expireOthers();
  return startLeasedLoop({
    intervalMs: options.intervalMs,
    look: () => sealIfHolder(options),
    logger: options.logger,
    what: 'audit seal',
  });
}
