/**
 * The pacer of batches (issue 39): per endpoint of the service, one row in the database holds the
 * next moment a paced request may leave, on the database's clock, so that every BFF process on
 * it draws from one sequence of slots. A GCRA with no burst: each slot is one interval after the
 * one before, or now when the endpoint has been idle, and is handed out by one statement, so
 * that two processes asking at once get two different slots.
 *
 * The interval is that of `percent` of the service's limit (the service budget's share, 80 % by
 * default): a one-second window then holds at most `0.8 L + 1` slots, and the rest of the limit
 * absorbs a request that leaves a little after its slot and lands with the next one. Paced
 * requests take from the service budget as every request does (`service-budget.ts`), and at that
 * rate stay within its refill, so that a batch never spends the budget the operators' own sends
 * and reads need.
 */
import { endpointOf } from '@console/schemas';
import type { Queryable } from '../db/db';
import {
  DEFAULT_BUDGET_PERCENT,
  SERVICE_DEFAULT_PER_SECOND,
  SERVICE_LIMITS_PER_SECOND,
} from './service-budget';

/** The time between two paced requests to `endpoint` at `percent` of its limit, in ms. */
export function paceIntervalMs(endpoint: string, percent = DEFAULT_BUDGET_PERCENT): number {
  const limit = SERVICE_LIMITS_PER_SECOND[endpoint] ?? SERVICE_DEFAULT_PER_SECOND;
  return Math.ceil(1000 / ((limit * percent) / 100));
}

export interface ServicePacer {
  /**
   * Takes the next slot of `path`'s endpoint and resolves when it has come (at once when the
   * endpoint has been idle). Rejects only when the database does.
   */
  slot(path: string, signal?: AbortSignal): Promise<void>;
  /**
   * Gives no slot of `path`'s endpoint before `ms` from now (the service answered 429, or did
   * not answer): every process's paced requests wait, not only the one that was told.
   */
  holdOff(path: string, ms: number): Promise<void>;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * The pacer over `service_pace`.
 *
 * @example
 * const pacer = createServicePacer(db, { percent: 80 });
 * await pacer.slot('/v2/transfer/internal'); // at most 16 a second, across every process
 */
export function createServicePacer(
  db: Queryable,
  options: { percent?: number } = {},
): ServicePacer {
  const percent = options.percent ?? DEFAULT_BUDGET_PERCENT;
  return {
    async slot(path, signal) {
      const endpoint = endpointOf(path);
      const interval = paceIntervalMs(endpoint, percent);
      // clock_timestamp(), not now(): the moment of the statement, not of its transaction.
      const [row] = await db.query<{ wait_ms: number | string }>(
        `insert into service_pace as p (endpoint, next_slot)
         values ($1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
         on conflict (endpoint) do update
           set next_slot = greatest(p.next_slot, clock_timestamp())
             + make_interval(secs => $2::double precision / 1000)
         returning greatest(0, extract(epoch from (p.next_slot - clock_timestamp())) * 1000
           - $2::double precision) as wait_ms`,
        [endpoint, interval],
      );
      await wait(Math.ceil(Number(row?.wait_ms ?? 0)), signal);
    },

    async holdOff(path, ms) {
      await db.query(
        `insert into service_pace as p (endpoint, next_slot)
         values ($1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
         on conflict (endpoint) do update set next_slot = greatest(p.next_slot, excluded.next_slot)`,
        [endpointOf(path), ms],
      );
    },
  };
}
