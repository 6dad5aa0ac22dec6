/**
 * The resolver every BFF process runs all the time: at each look it takes the open entries that
 * nobody holds (SENDING past its lease: its process stopped; UNKNOWN past its backoff; APPROVED
 * and never sent) one claim at a time, and settles each the one way the journal knows
 * (`resolveEntry`; an approved one through the approvals' checks). A claim is one conditional
 * statement, so two processes looking at once never work on the same entry, and the server may
 * take requests before the first look.
 */
import { randomUUID } from 'node:crypto';
import type { JournalEntry, JournalState } from '@console/schemas';
import type { Backoff } from '../journal/journal-leases';
import type { Logger } from '../logger';
import type { DispatchDeps } from './dispatch';
import { resolveEntry, type ResolveOptions } from './resolve';

/** What became of one entry a look took. */
export interface ResolvedReport {
  entry: JournalEntry;
  previousState: JournalState;
  /** Another process held it (its lease ran out): a takeover. */
  takenOver: boolean;
}

export interface ResolverOptions {
  /** Between looks (`RESOLVER_INTERVAL_SECONDS`). */
  intervalMs: number;
  /** How long an UNKNOWN entry is left alone after each look. */
  backoff: Backoff;
  /** The most entries one look takes on. */
  batch?: number;
  logger: Logger;
  /**
   * Sends an APPROVED entry this resolver took, after the approvals' checks (the approvals module
   * provides it: sending does not depend on approvals). Without it, approved entries wait.
   */
  sendApproved?: (entry: JournalEntry, requestId: string) => Promise<JournalEntry>;
  /**
   * Asked before the stored bytes of an entry are sent again (the approvals module gives it: an
   * approved entry is sent again only while its approval holds). Without it, nothing is asked.
   */
  mayResend?: ResolveOptions['mayResend'];
  /** Told of every entry settled (metrics). */
  onResolved?: (report: ResolvedReport) => void;
}

/** The defaults: the interval doubles per look, up to 60 intervals (10 minutes at 10 s). */
export function resolverBackoff(intervalMs: number): Backoff {
  return { baseMs: intervalMs, maxMs: 60 * intervalMs };
}

/**
 * Creates the resolver of this process.
 *
 * @example
 * const resolver = createResolver(dispatchDeps, { intervalMs: 10_000, backoff, logger });
 * resolver.start();
 * await resolver.stop();
 */
export function createResolver(deps: DispatchDeps, options: ResolverOptions) {
  const { journal } = deps;
  const batch = options.batch ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<ResolvedReport[]> | undefined;
  let stopped = false;

  async function settle(id: string): Promise<ResolvedReport | undefined> {
    const requestId = randomUUID();
    const claimed = await journal.leases.claimForResolve(id, requestId, options.backoff);
    if (!claimed) return undefined;
    const { entry, previousState, previousOwner } = claimed;
    const takenOver = previousOwner !== null && previousOwner !== journal.owner;
    try {
      let after: JournalEntry;
      let readBack: string | undefined;
      if (previousState === 'APPROVED') {
        if (!options.sendApproved) {
          await journal.leases.drop(id);
          return undefined;
        }
        after = await options.sendApproved(entry, requestId);
      } else {
        const resolved = await resolveEntry(deps, entry, {
          requestId,
          by: null,
          ...(options.mayResend ? { mayResend: options.mayResend } : {}),
        });
        after = resolved.entry;
        readBack = resolved.readBack;
      }
      options.logger.info(
        {
          request_id: requestId,
          journal_id: id,
          operation: entry.operation,
          ref_id: entry.ref_id,
          was: previousState,
          taken_over: takenOver,
          state: after.state,
          ...(readBack ? { read_back: readBack } : {}),
        },
        'resolver settled an entry',
      );
      const report = { entry: after, previousState, takenOver };
      options.onResolved?.(report);
      return report;
    } catch (error) {
      // Left as it is: its lease runs out and a later look (here or elsewhere) takes it again.
      await journal.leases.drop(id).catch(() => {});
      options.logger.error({ journal_id: id, err: error }, 'resolver could not settle an entry');
      return undefined;
    }
  }

  /** One look: every entry due now, oldest first, each claimed before it is touched. */
  async function look(): Promise<ResolvedReport[]> {
    const done: ResolvedReport[] = [];
    for (const { id } of await journal.leases.due(batch)) {
      if (stopped || deps.signal?.aborted) break;
      const report = await settle(id);
      if (report) done.push(report);
    }
    return done;
  }

  /** Runs a look unless one is running; a failed look is logged and the next one tries again. */
  function lookNow(): Promise<ResolvedReport[]> {
    looking ??= look()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, 'resolver look failed');
        return [] as ResolvedReport[];
      })
      .finally(() => {
        looking = undefined;
      });
    return looking;
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void lookNow().then(schedule);
    }, options.intervalMs);
    timer.unref();
  };

  return {
    lookNow,
    /** Looks now, then every interval; the first look's reports. */
    start(): Promise<ResolvedReport[]> {
      stopped = false;
      const first = lookNow();
      void first.then(schedule);
      return first;
    },
    /** No further looks; settles when the look under way (if any) has finished. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await looking;
    },
  };
}

export type Resolver = ReturnType<typeof createResolver>;
