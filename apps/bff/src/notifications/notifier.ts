/**
 * The notification sender every BFF process runs; only the one holding the `notifications`
 * lease works (DESIGN.md §4a). At each look it renews the lease, turns requests near their
 * expiry into reminder events, expands events into messages and delivers the messages that are
 * due. It looks every interval, and at once when the database says an event was written (the
 * triggers' `NOTIFY`); a lease that lapses is taken by another process's next look.
 */
import type { Db } from '../db/db';
import { createJobLease, type JobLease } from '../jobs/job-lease';
import type { Logger } from '../logger';
import type { Channels } from './channels';
import { deliverOne, type Delivery } from './deliver';
import { expandEvent, type ExpandDeps } from './expand';
import { NOTIFICATIONS_JOB } from './outbox-store';
import { reachableOperators } from './recipients';

export interface NotifierDeps extends Omit<ExpandDeps, 'channels'> {
  db: Db;
  channels: Channels;
  /** This process's id (the journal store's lease owner). */
  owner: string;
  logger: Logger;
}

export interface NotifierOptions {
  intervalMs: number;
  leaseMs: number;
  reminderLeadMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  secrets: readonly string[];
}

/** What one look did. */
export interface LookReport {
  held: boolean;
  reminders: number;
  expanded: number;
  deliveries: Delivery[];
}

export function createNotifier(deps: NotifierDeps, options: NotifierOptions) {
  const lease: JobLease = createJobLease(deps.db, {
    kind: NOTIFICATIONS_JOB,
    owner: deps.owner,
    leaseMs: options.leaseMs,
  });
  const expandDeps: ExpandDeps = {
    ...deps,
    channels: { email: Boolean(deps.channels.email), chat: Boolean(deps.channels.chat) },
  };
  const deliverDeps = {
    outbox: deps.outbox,
    channels: deps.channels,
    operators: () => reachableOperators(deps),
    retryBaseMs: options.retryBaseMs,
    maxAttempts: options.maxAttempts,
    secrets: options.secrets,
    logger: deps.logger,
  };
  let renewedAt = 0;

  /** Takes or renews the lease; false when another process holds it. */
  async function hold(): Promise<boolean> {
    const taken = await lease.acquire();
    if (taken.held) renewedAt = Date.now();
    if (taken.takenFrom) {
      deps.logger.info({ previous: taken.takenFrom }, 'took over the notification sender');
    }
    return taken.held;
  }

  /** Renews the lease when a third of it has passed: a long delivery keeps it. */
  const keep = async () => (Date.now() - renewedAt < options.leaseMs / 3 ? true : hold());

  async function look(): Promise<LookReport> {
    const report: LookReport = { held: false, reminders: 0, expanded: 0, deliveries: [] };
    if (!(await hold())) return report;
    report.held = true;
    report.reminders = await deps.outbox.remind(new Date(deps.now()), options.reminderLeadMs);
    for (const event of await deps.outbox.unexpanded(100)) {
      if (!(await keep()) || !(await expandEvent(expandDeps, event))) return report;
      report.expanded += 1;
    }
    for (const id of await deps.outbox.due(50)) {
      if (!(await keep())) return report;
      report.deliveries.push(await deliverOne(deliverDeps, id));
    }
    return report;
  }

  let running: Promise<LookReport> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  /** One look now, or one more after the look under way; a failure is logged, never thrown. */
  function lookNow(): Promise<LookReport> {
    if (running) {
      again = true;
      return running;
    }
    running = look()
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'notification look failed');
        return { held: false, reminders: 0, expanded: 0, deliveries: [] };
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void lookNow();
        }
      });
    return running;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void lookNow().then(schedule), options.intervalMs);
    timer.unref();
  };

  return {
    lease,
    lookNow,
    /**
     * Listens for new events and looks every interval. On embedded PGlite no other process can
     * hold the lease: a stopped process's is taken at once, not a lease later.
     */
    async start(): Promise<void> {
      stopped = false;
      if (deps.db.kind === 'pglite') await lease.expireOthers();
      unlisten = await deps.db.listen(
        'console_notification_event',
        () => void lookNow(),
        () => void lookNow(),
      );
      void lookNow().then(schedule);
    },
    /** No more looks; waits for the one under way and lets the lease go. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.().catch(() => {});
      await running;
      await lease.release().catch(() => {});
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
