/**
 * The insights roller (issue 62, ADR 036): a send's transaction only appends its own row to
 * `insight_money_entries` (migration 037); the process holding the `insights-roll` job lease
 * folds those rows into `insight_money_days` every `intervalMs`, in batches, each in one
 * transaction of the database's `insight_money_roll` (take `for update skip locked`, mark rolled,
 * upsert the days). A roller killed mid-batch rolls back: the rows stay unrolled and the next
 * holder folds them, once. Reads sum the days and the unrolled rows, so how late the roller runs
 * changes how many rows a read sums, never what it says.
 */
import type { Db, Queryable } from '../db/db';
import { createJobLease } from '../jobs/job-lease';
import { startLeasedLoop } from '../jobs/leased-loop';
import type { Logger } from '../logger';

export const INSIGHTS_ROLL_JOB = 'insights-roll';

/** Rows folded per transaction: a bounded hold of the days' rows and a bounded rollback. */
export const ROLL_BATCH = 5_000;

/**
 * On PGlite, fewer: its one connection serves every request, and a batch holds it for the whole
 * batch (as the audit sealer's smaller batch there, ADR 022).
 */
export const PGLITE_ROLL_BATCH = 500;

/** Rows a look folds at most, whatever the batch: the holder renews its lease between looks. */
const ROWS_PER_LOOK = 200_000;

/** How often the roller looks by default: reads stay exact between looks, only a little longer. */
export const ROLL_INTERVAL_MS = 3_000;

const batchFor = (db: Queryable): number =>
  (db as Partial<Db>).kind === 'pglite' ? PGLITE_ROLL_BATCH : ROLL_BATCH;

/**
 * Folds unrolled rows, a batch per transaction, until a batch is not full (everything committed
 * before the last batch started is folded) or `maxBatches` were folded; returns how many rows.
 * Between batches it lets the event loop turn, so requests that arrived meanwhile take PGlite's
 * connection before the next batch does.
 */
export async function rollPending(
  db: Queryable,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const batch = options.batch ?? batchFor(db);
  let total = 0;
  for (let i = 0; i < (options.maxBatches ?? Number.POSITIVE_INFINITY); i += 1) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const [row] = await db.query<{ folded: number | string }>(
      'select insight_money_roll($1) as folded',
      [batch],
    );
    const folded = Number(row?.folded ?? 0);
    total += folded;
    if (folded < batch) break;
  }
  return total;
}

export interface RollerOptions {
  db: Db;
  /** This process (the journal store's owner id). */
  owner: string;
  intervalMs: number;
  logger: Logger;
}

const rollLease = (options: RollerOptions) =>
  createJobLease(options.db, {
    kind: INSIGHTS_ROLL_JOB,
    owner: options.owner,
    // Several intervals: a holder that stops is replaced within seconds. Two rolling at once
    // (a lease taken over while its old holder still runs) is harmless: they skip each other's
    // rows.
    leaseMs: Math.max(10_000, options.intervalMs * 5),
  });

/** One look: takes (or renews) the lease and, holding it, folds what is unrolled. */
export async function rollIfHolder(options: RollerOptions): Promise<number | null> {
  if (!(await rollLease(options).acquire()).held) return null;
  return rollPending(options.db, { maxBatches: Math.ceil(ROWS_PER_LOOK / batchFor(options.db)) });
}

/** Starts the periodic look; the function returned stops it after one last look. */
export async function startRoller(options: RollerOptions): Promise<() => Promise<void>> {
  if (options.db.kind === 'pglite') await rollLease(options).expireOthers();
  return startLeasedLoop({
    intervalMs: options.intervalMs,
    look: () => rollIfHolder(options),
    logger: options.logger,
    what: 'insights roll',
  });
}
