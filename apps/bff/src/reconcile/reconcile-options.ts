/**
 * What a reconciler is given, and how it runs (issue 40): its pace and lease, how long each kind of record may stay
 * pending at the service (`RECONCILE_PENDING_*`), and whether the day before is run every night.
 */
import type { Db } from '../db/db';
import type { Logger } from '../logger';
import type { UpstreamClient } from '../upstream/client';
import type { RecordType } from './match-types';

export interface ReconcilerOptions {
  spacingMs: number;
  timeoutMs: number;
  leaseMs: number;
  pendingLimitMs: Record<RecordType, number>;
  /** Whether the lease holder starts a run over the day before, once a day (after 01:00 UTC). */
  daily?: boolean;
  /** The embedded demo sandbox's sample history ends here (ms): see `MatchOptions`. */
  sampleBefore?: number | undefined;
}

export const HOUR_MS = 3_600_000;

/**
 * How long a record may stay pending before it is a difference: a transfer or an orchestration a
 * day (a wire or a chain can take hours; a day is past any rail's normal time), an order an hour
 * (an order not yet booked after an hour is stuck; an open limit order is not pending).
 */
export const DEFAULT_PENDING_LIMIT_MS: Record<RecordType, number> = {
  transfer: 24 * HOUR_MS,
  order: HOUR_MS,
  orchestration: 24 * HOUR_MS,
};

/** The defaults, at `spacingMs` between reads (the watcher's share of the rate limit). */
export const reconcileDefaults = (spacingMs: number, timeoutMs: number): ReconcilerOptions => ({
  spacingMs,
  timeoutMs,
  leaseMs: 60_000,
  pendingLimitMs: DEFAULT_PENDING_LIMIT_MS,
  daily: true,
});

/** What a reconciler is given: the database, the service, its owner id, a clock and a sleep. */
export interface ReconcilerDeps {
  db: Db;
  client: UpstreamClient;
  owner: string;
  logger: Logger;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}
