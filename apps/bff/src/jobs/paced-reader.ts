/**
 * Reads of the service by a background job (the watcher, reconciliation): each spaced from the
 * job's last by its share of the service's rate limit, made only while the job still holds its
 * lease, through the upstream client (tokens, signing, the deployment's shared budget). What the
 * service says "not now" to (a `429`, a `5xx`, no answer, the console's own budget) becomes a
 * `ReadPause` the job waits out; a `404` is `ReadNotFound`; any other refusal is an error.
 */
import { randomUUID } from 'node:crypto';
import type { UpstreamClient } from '../upstream/client';
import { ServiceBudgetError } from '../upstream/service-budget';
import { TokenError } from '../upstream/tokens';

/** Reads one path of the service; throws `ReadPause` when the service says "not now". */
export type ReadService = (path: string, scope: string) => Promise<Record<string, unknown>>;

/** The service said "not now" (429, 5xx, no answer, the console's budget): wait `waitMs`. */
export class ReadPause extends Error {
  constructor(
    message: string,
    readonly waitMs: number | undefined,
  ) {
    super(message);
  }
}

/** The service has no such record (404). */
export class ReadNotFound extends Error {}

/** The service refused the read for good (a `4xx` other than `404` and `429`): no retry mends it. */
export class ReadRefused extends Error {}

/** The job's lease ran out: it reads nothing more. */
export class LeaseGone extends Error {}

/** Waits `ms`, or less when `signal` aborts: a job's pause that its stop cuts short. */
export const sleepUnlessStopped = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export interface PacedReaderDeps {
  client: UpstreamClient;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The job's stop signal, looked at each read (a job restarts with a new one). */
  signal: () => AbortSignal;
  /** True while the job still holds its lease (renewing it when due). */
  keep: () => Promise<boolean>;
  spacingMs: number;
  timeoutMs: number;
  /** Starts each read's `X-Request-Id`, so the service's log tells the jobs apart. */
  requestPrefix: string;
}

/**
 * A reader that spaces every read from the last one it made; `counter.reads` counts the reads
 * of one look or one run.
 */
export function createPacedReader(deps: PacedReaderDeps) {
  let lastReadAt = 0;
  return (counter: { reads: number }): ReadService =>
    async (path, scope) => {
      const signal = deps.signal();
      const wait = lastReadAt + deps.spacingMs - deps.now();
      if (wait > 0) await deps.sleep(wait, signal);
      if (signal.aborted) throw new ReadPause('stopped', 0);
      if (!(await deps.keep())) throw new LeaseGone();
      lastReadAt = deps.now();
      counter.reads += 1;
      let outcome;
      try {
        outcome = await deps.client.send({
          method: 'GET',
          path,
          body: '',
          scope,
          timeoutMs: deps.timeoutMs,
          requestId: `${deps.requestPrefix}-${randomUUID()}`,
          safe: true,
          signal,
        });
      } catch (error) {
        if (error instanceof ServiceBudgetError) {
          throw new ReadPause(error.message, error.retryAfterMs);
        }
        if (error instanceof TokenError) throw new ReadPause(error.message, undefined);
        throw error;
      }
      if (outcome.kind === 'no-answer') throw new ReadPause(outcome.error, undefined);
      if (outcome.status === 404) throw new ReadNotFound(path);
      if (outcome.status === 429 || outcome.status >= 500) {
        throw new ReadPause(`the service answered ${outcome.status}`, outcome.retryAfterMs);
      }
      if (outcome.status < 200 || outcome.status >= 300) {
        throw new ReadRefused(`the service refused a read of a background job (${outcome.status})`);
      }
      const body = outcome.body;
      return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    };
}
