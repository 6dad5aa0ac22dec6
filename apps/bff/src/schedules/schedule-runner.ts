/**
 * The scheduler (issue 63, ADR 034): one process of the deployment at a time, the holder of the
 * job lease `schedule-runner`, looks at the active series with an approved version and decides
 * each occurrence that has come due since the last it decided (or since the version's approval),
 * in order: sent through the journal and the ordinary pipeline (`schedule-send.ts`), refused in
 * words by the rules in force, or, when it is late (missed while no scheduler ran) and its series
 * says `skip`, skipped. One decision per occurrence is the database's (its key), so a second
 * scheduler, or this one after a crash, never sends an occurrence twice.
 */
import { occurrences } from '@console/schemas';
import type { StoredRequest } from '../approvals/send-time-rules';
import type { Db } from '../db/db';
import { createJobLease } from '../jobs/job-lease';
import type { Logger } from '../logger';
import { dispatch, type DispatchDeps } from '../send/dispatch';
import type { OccurrenceLimits } from './schedule-limits';
import type { SeriesInForce } from './schedule-rows';
import { createOccurrenceSender } from './schedule-send';
import { createScheduleStore } from './schedule-store';

export const SCHEDULE_RUNNER_JOB = 'schedule-runner';

export interface ScheduleRunnerDeps {
  db: Db;
  dispatch: DispatchDeps;
  /** This process (the journal store's owner id). */
  owner: string;
  logger: Logger;
  leaseMs?: number;
  /** The clock occurrences fall due by: injectable, for tests. */
  now?: () => number;
  /** How late an occurrence may be and still be on time; later, it was missed (ADR 034). */
  lateAfterMs?: number;
  /** Why a request may not be sent now (the policy in force refuses it), or null. */
  stop?: (request: StoredRequest) => Promise<string | null>;
  /** The maker's limits, counted as each occurrence is journaled. */
  limits?: OccurrenceLimits;
}

/** What one look did, for the log and for tests. */
export interface ScheduleTurn {
  held: boolean;
  journaled: number;
  refused: number;
  skipped: number;
}

export function createScheduleRunner(deps: ScheduleRunnerDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;
  const leaseMs = deps.leaseMs ?? 30_000;
  const lateAfterMs = deps.lateAfterMs ?? 15 * 60_000;
  const store = createScheduleStore(db);
  const lease = createJobLease(db, { kind: SCHEDULE_RUNNER_JOB, owner: deps.owner, leaseMs });
  const sender = createOccurrenceSender({
    db,
    store,
    journal: deps.dispatch.journal,
    lease: { kind: SCHEDULE_RUNNER_JOB, owner: deps.owner },
    now,
    ...(deps.stop && { stop: deps.stop }),
    ...(deps.limits && { limits: deps.limits }),
  });
  const stopping = new AbortController();
  let running: Promise<ScheduleTurn> | undefined;
  /** When this process last took or renewed the lease (`performance.now()`), if in this look. */
  let renewedAt: number | undefined;

  /**
   * Renews the lease once a third of it has passed (a long catch-up must not outlive it); false
   * when another process holds it now. Timed by this process's own monotonic clock, not `now`,
   * which is the clock occurrences fall due by.
   */
  async function keep(): Promise<boolean> {
    if (renewedAt !== undefined && performance.now() - renewedAt < leaseMs / 3) return true;
    if (!(await lease.acquire()).held) return false;
    renewedAt = performance.now();
    return true;
  }

  /** Decides the due occurrences of one series, oldest first. */
  async function series(one: SeriesInForce, at: number, turn: ScheduleTurn): Promise<void> {
    const from = Date.parse(one.last_due_at ?? one.approved_at) + (one.last_due_at ? 1 : 0);
    const due = occurrences(one.timing, { from, to: at + 1 });
    if (due.length === 0) return;
    const decided = await store.decidedSince(one.version_id, new Date(from).toISOString());
    for (const occurrence of due) {
      if (stopping.signal.aborted || decided.has(Date.parse(occurrence.at))) continue;
      if (!(await keep())) return;
      const late = at - Date.parse(occurrence.at) > lateAfterMs;
      const outcome =
        late && one.catch_up === 'skip'
          ? await sender.skipMissed(one, occurrence)
          : await sender.journal(one, occurrence, late);
      const facts = { series: one.series_id, due_at: occurrence.at, late };
      if (outcome.kind === 'journaled') {
        turn.journaled += 1;
        if (late) logger.warn(facts, 'a scheduled occurrence missed while down is sent late');
        await dispatch(deps.dispatch, outcome.entry, {
          resolving: false,
          requestId: outcome.entry.request_id,
        });
      } else if (outcome.kind === 'refused') {
        turn.refused += 1;
        logger.warn({ ...facts, words: outcome.words }, 'a scheduled occurrence was refused');
      } else if (outcome.kind === 'skipped') {
        turn.skipped += 1;
        logger.warn(facts, 'a scheduled occurrence missed while down is skipped');
      }
    }
  }

  /** One look: every series in force, then the entries that never left, sent again. */
  async function turn(): Promise<ScheduleTurn> {
    const done: ScheduleTurn = { held: false, journaled: 0, refused: 0, skipped: 0 };
    renewedAt = undefined;
    if (!(await keep())) return done;
    done.held = true;
    const at = now();
    for (const one of await store.inForce()) {
      if (stopping.signal.aborted) break;
      await series(one, at, done);
      // The occurrences' transactions ask that the lease holds: one lost ends the look.
      if (!(await keep())) return done;
    }
    for (const left of await store.neverLeft()) {
      if (stopping.signal.aborted) break;
      const entry = await deps.dispatch.journal.claim(
        left.journal_id,
        ['REJECTED'],
        left.request_id,
      );
      if (entry)
        await dispatch(deps.dispatch, entry, { resolving: false, requestId: left.request_id });
    }
    return done;
  }

  return {
    lease,
    /** A look now; one already under way is awaited instead of starting a second. */
    wake(): Promise<ScheduleTurn> {
      running ??= turn().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Stops after the occurrence under way; the lease goes at once to whoever asks next. */
    async stop(): Promise<void> {
      stopping.abort();
      await running?.catch(() => undefined);
      await lease.release().catch(() => false);
    },
  };
}

export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;

/** A look at once and every `intervalMs`, until the returned stop. */
export function startScheduleRunner(
  runner: ScheduleRunner,
  options: { intervalMs: number; logger: Logger },
) {
  const look = () =>
    void runner.wake().catch((error: unknown) => {
      options.logger.warn({ err: error }, 'the scheduler stopped a look');
    });
  look();
  const timer = setInterval(look, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await runner.stop();
  };
}
