/**
 * The watcher of this process (issue 35): it works while this process holds the `watch` lease,
 * and stands by otherwise, ready to take over within a lease of the holder stopping.
 */
import type { Db } from '../db/db';
import type { Logger } from '../logger';
import type { UpstreamClient } from '../upstream/client';
import { createWatcher, type Watcher } from '../watch/watcher';

/** How long the holder keeps the watch without renewing: the longest a handover takes. */
export const WATCH_LEASE_MS = 15_000;

export async function startWatcher(options: {
  db: Db;
  client: UpstreamClient;
  owner: string;
  logger: Logger;
  /** The least time between two reads; undefined: this deployment does not watch. */
  spacingMs: number | undefined;
  timeoutMs: number;
}): Promise<Watcher | undefined> {
  if (options.spacingMs === undefined) return undefined;
  const watcher = createWatcher(
    { db: options.db, client: options.client, owner: options.owner, logger: options.logger },
    {
      spacingMs: options.spacingMs,
      leaseMs: WATCH_LEASE_MS,
      // A first start shows the last hour, not the service's whole history.
      startLookbackMs: 3_600_000,
      pageSize: 100,
      maxPages: 10,
      idleOrderLooks: 5,
      pauseMs: 5_000,
      // The service throttles a client for five minutes past its limit: never wait longer.
      maxPauseMs: 300_000,
      timeoutMs: options.timeoutMs,
    },
  );
  await watcher.start();
  return watcher;
}
