/**
 * The watcher (issue 35): every BFF process runs one; only the holder of the `watch` lease
 * reads the service (DESIGN.md §4a). It follows the events, the transfers by update time and the
 * open orders, writes what changed to `live_changes` with each feed's cursor in the same
 * transaction, and paces its reads so that the whole deployment spends at most its configured
 * share of the service's rate limit on watching, however many operators are signed in.
 * A `429`, a `5xx`, no answer or the console's own budget refusing pauses it: the service's
 * `Retry-After` when it gave one, else a doubling wait, the lease kept meanwhile so that no other
 * process starts hammering in its place.
 */
import type { Db } from '../db/db';
import { createJobLease, type JobLease } from '../jobs/job-lease';
import {
  createPacedReader,
  LeaseGone,
  ReadPause,
  sleepUnlessStopped,
  type ReadService,
} from '../jobs/paced-reader';
import type { Logger } from '../logger';
import type { UpstreamClient } from '../upstream/client';
import { createChangeStore, WATCH_JOB, type ChangeStore } from './change-store';
import {
  EVENTS_FEED,
  lookAtOrders,
  takePage,
  TRANSFERS_FEED,
  type OrdersPosition,
  type TimeFeed,
  type TimePosition,
} from './feeds';

export interface WatcherDeps {
  db: Db;
  client: UpstreamClient;
  /** This process's id (the journal store's lease owner). */
  owner: string;
  logger: Logger;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface WatcherOptions {
  /** At least this long between two reads of the watcher: its share of the rate limit. */
  spacingMs: number;
  leaseMs: number;
  /** Where a feed without a stored cursor starts: this long before the first look. */
  startLookbackMs: number;
  /** Page size of the time feeds. */
  pageSize: number;
  /** Pages of one feed in one look at most, so that the others are not starved. */
  maxPages: number;
  /** Without open orders, List Orders is read only every this many looks. */
  idleOrderLooks: number;
  /** The first pause after the service said "not now", doubled each time, up to `maxPauseMs`. */
  pauseMs: number;
  maxPauseMs: number;
  timeoutMs: number;
  /** Changes older than this leave the log (`ChangeStore.prune`), looked at once an hour. */
  keepChangesMs?: number;
}

/** Thirty days: the inbox shows a week; the rest is room for an investigation's questions. */
export const KEEP_CHANGES_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;
/** Rows deleted by one prune: a backlog goes over several looks, never in one long lock. */
const PRUNE_BATCH = 5_000;

/** What one look did. */
export interface WatchLook {
  held: boolean;
  written: number;
  reads: number;
  /** Set when the service said "not now": how long the watcher waits. */
  pausedForMs?: number;
}

export function createWatcher(deps: WatcherDeps, options: WatcherOptions) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? sleepUnlessStopped;
  const lease: JobLease = createJobLease(deps.db, {
    kind: WATCH_JOB,
    owner: deps.owner,
    leaseMs: options.leaseMs,
  });
  const store: ChangeStore = createChangeStore(deps.db, lease);
  let stopper = new AbortController();
  let renewedAt = 0;
  let pauses = 0;
  let pausedUntil = 0;
  let idleLooks = 0;
  let prunedAt = -Infinity;

  async function hold(): Promise<boolean> {
    const taken = await lease.acquire();
    if (taken.held) renewedAt = now();
    if (taken.takenFrom) deps.logger.info({ previous: taken.takenFrom }, 'took over the watcher');
    return taken.held;
  }
  const keep = async () => (now() - renewedAt < options.leaseMs / 3 ? true : hold());

  /** One read of the service, spaced from the last, refusals turned into a pause. */
  const read = createPacedReader({
    client: deps.client,
    now,
    sleep,
    signal: () => stopper.signal,
    keep,
    spacingMs: options.spacingMs,
    timeoutMs: options.timeoutMs,
    requestPrefix: 'watch',
  });

  /** Walks one time feed from its cursor; false when the lease was lost. */
  async function walk(feed: TimeFeed, service: ReadService, look: WatchLook): Promise<boolean> {
    let position = (await store.position<TimePosition>(feed.name)) ?? {
      after: new Date(now() - options.startLookbackMs).toISOString(),
      seen: [],
    };
    // One walk asks from one bound: the service's cursor is good only for the same filters.
    const from = position.after;
    let cursor: string | undefined;
    for (let page = 0; page < options.maxPages; page++) {
      const body = await service(feed.path(from, cursor, options.pageSize), feed.scope);
      const items = Array.isArray(body[feed.member])
        ? (body[feed.member] as Record<string, unknown>[])
        : Array.isArray(body.items)
          ? (body.items as Record<string, unknown>[])
          : [];
      const taken = takePage(feed, position, items);
      const moved =
        taken.position.after !== position.after ||
        taken.position.seen.length !== position.seen.length;
      if (moved) {
        const result = await store.commit(feed.name, taken.changes, taken.position);
        if (!result.held) return false;
        look.written += result.written;
      }
      position = taken.position;
      cursor = typeof body.next_page_cursor === 'string' ? body.next_page_cursor : undefined;
      if (!cursor) break;
    }
    return true;
  }

  async function watchOrders(service: ReadService, look: WatchLook): Promise<boolean> {
    const position = (await store.position<OrdersPosition>('orders')) ?? { open: {} };
    if (Object.keys(position.open).length === 0 && idleLooks++ % options.idleOrderLooks !== 0) {
      return true;
    }
    const taken = await lookAtOrders(service, position);
    const result = await store.commit('orders', taken.changes, taken.position);
    look.written += result.written;
    return result.held;
  }

  async function look(): Promise<WatchLook> {
    const report: WatchLook = { held: false, written: 0, reads: 0 };
    if (!(await hold())) return report;
    report.held = true;
    if (now() < pausedUntil) {
      report.pausedForMs = pausedUntil - now();
      return report;
    }
    const service = read(report);
    try {
      const held =
        (await walk(EVENTS_FEED, service, report)) &&
        (await walk(TRANSFERS_FEED, service, report)) &&
        (await watchOrders(service, report));
      report.held = held;
      pauses = 0;
      if (held && now() - prunedAt >= PRUNE_EVERY_MS) {
        const pruned = await store.prune(options.keepChangesMs ?? KEEP_CHANGES_MS, PRUNE_BATCH);
        // A full batch: more is left, and the next look takes the next batch.
        prunedAt = pruned === PRUNE_BATCH ? -Infinity : now();
        if (pruned > 0) deps.logger.info({ pruned }, 'old live changes pruned');
      }
    } catch (error) {
      if (error instanceof LeaseGone) {
        report.held = false;
        return report;
      }
      if (stopper.signal.aborted) return report;
      if (!(error instanceof ReadPause)) throw error;
      pauses += 1;
      const doubling = Math.min(options.maxPauseMs, options.pauseMs * 2 ** (pauses - 1));
      const wait = Math.max(doubling, error.waitMs ?? 0);
      pausedUntil = now() + wait;
      report.pausedForMs = wait;
      deps.logger.warn({ wait_ms: wait, reason: error.message }, 'watcher pauses');
    }
    return report;
  }

  let running: Promise<void> | undefined;

  async function loop(): Promise<void> {
    const signal = stopper.signal;
    while (!signal.aborted) {
      let report: WatchLook;
      try {
        report = await look();
      } catch (error) {
        deps.logger.warn({ err: error }, 'watch look failed');
        report = { held: true, written: 0, reads: 0, pausedForMs: options.pauseMs };
      }
      // Not the holder: ask again within a third of a lease, so a stopped holder is replaced
      // within one lease period. Paused: wait, renewing the lease meanwhile.
      const wait = !report.held
        ? options.leaseMs / 3
        : Math.min(report.pausedForMs ?? options.spacingMs, options.leaseMs / 3);
      await sleep(Math.max(wait, 10), signal);
    }
  }

  return {
    lease,
    store,
    /** One look now (tests): the feeds walked once, or nothing when another holds the lease. */
    look,
    /** Watches until stopped; on embedded PGlite no other process can hold the lease. */
    async start(): Promise<void> {
      stopper = new AbortController();
      if (deps.db.kind === 'pglite') await lease.expireOthers();
      running = loop();
    },
    /** Stops after the read under way and lets the lease go. */
    async stop(options: { release?: boolean } = {}): Promise<void> {
      stopper.abort();
      await running;
      running = undefined;
      if (options.release !== false) await lease.release().catch(() => {});
    },
  };
}

export type Watcher = ReturnType<typeof createWatcher>;
