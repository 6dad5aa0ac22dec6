/**
 * Counters shared by every BFF process on one database: the sign-in throttle's attempts and the
 * send rate limit. Each operation is ONE statement (an upsert with `RETURNING`), so concurrent
 * requests, in one process or many, can never both see "one attempt left": the database orders
 * them. Rows whose window and lock have passed are swept (`sweep`).
 */
import { createBatcher } from '../db/batcher';
import type { Queryable } from '../db/db';

/** One counter to count a hit on, with its limits. */
export interface CounterHit {
  key: string;
  /** Hits allowed in the window; past them the counter locks for `lockMs`. Null: never locks. */
  maxHits: number | null;
  windowMs: number;
  lockMs: number;
}

/** A counter after a hit. */
export interface CounterState {
  hits: number;
  /** Unix ms; set once the hits went past the counter's `maxHits`, until the lock ends. */
  lockedUntil: number | undefined;
}

/** A rate limit's burst: a minute's allowance may be taken at once. */
const BURST_MS = 60_000;

/** The answer of a rate limit for one request. */
export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

const ms = (value: Date | string | null) =>
  value === null ? undefined : new Date(value).getTime();

/**
 * Creates the store.
 *
 * @example
 * const counters = createCounterStore(db);
 * const states = await counters.hit([{ key: 'a:10.0.0.7', maxHits: 20, windowMs: 900_000, lockMs: 900_000 }]);
 */
export function createCounterStore(db: Queryable, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const at = () => new Date(now()).toISOString();

  /** The answer to a request refused when the allowance's next slot starts at `tat`. */
  const refusedAt = (tat: Date | string, interval: number, started: number): RateDecision => ({
    ok: false,
    retryAfterMs: Math.max(1, Math.ceil(ms(tat)! + interval - BURST_MS - started)),
  });

  /** One request of a key: allowed when its slot is within the burst of now. */
  async function takeOne(key: string, perMinute: number): Promise<RateDecision> {
    const interval = 60_000 / perMinute;
    const started = now();
    const next = `greatest(coalesce(c.tat, $2::timestamptz), $2::timestamptz) + $3::float8 * interval '1 millisecond'`;
    const allowed = `(${next} <= $2::timestamptz + $4::float8 * interval '1 millisecond')`;
    const rows = await db.query<{ hits: number; tat: Date | string }>(
      `insert into security_counters as c (key, hits, window_ends, tat)
       values ($1, 1, $2::timestamptz + $3::float8 * interval '1 millisecond',
         $2::timestamptz + $3::float8 * interval '1 millisecond')
       on conflict (key) do update set
         hits = case when ${allowed} then 1 else 0 end,
         tat = case when ${allowed} then ${next} else c.tat end,
         window_ends = case when ${allowed} then ${next} else c.tat end
       returning hits, tat`,
      [key, new Date(started).toISOString(), interval, BURST_MS],
    );
    const row = rows[0]!;
    return Number(row.hits) === 1 ? { ok: true } : refusedAt(row.tat, interval, started);
  }

  /**
   * `n` requests of one key at once (the same rule as `takeOne`, whose statement is cheaper for
   * one): as many as the allowance has (`hits` comes back as that number) move its theoretical
   * arrival time on by one interval each.
   */
  async function takeMany(key: string, perMinute: number, n: number): Promise<RateDecision[]> {
    const interval = 60_000 / perMinute;
    const started = now();
    const base = `greatest(coalesce(c.tat, $2::timestamptz), $2::timestamptz)`;
    const allowed = `greatest(0, least($4::int, floor(
      (extract(epoch from ($2::timestamptz - ${base})) * 1000 + $5::float8) / $3::float8)))::int`;
    const moved = `${base} + ${allowed} * $3::float8 * interval '1 millisecond'`;
    const first = `least($4::int, floor($5::float8 / $3::float8))::int`;
    const rows = await db.query<{ hits: number; tat: Date | string }>(
      `insert into security_counters as c (key, hits, window_ends, tat)
       values ($1, ${first}, $2::timestamptz + ${first} * $3::float8 * interval '1 millisecond',
         $2::timestamptz + ${first} * $3::float8 * interval '1 millisecond')
       on conflict (key) do update set
         hits = ${allowed},
         tat = case when ${allowed} > 0 then ${moved} else c.tat end,
         window_ends = case when ${allowed} > 0 then ${moved} else c.tat end
       returning hits, tat`,
      [key, new Date(started).toISOString(), interval, n, BURST_MS],
    );
    const row = rows[0]!;
    const granted = Number(row.hits);
    const refused = refusedAt(row.tat, interval, started);
    return Array.from({ length: n }, (_, i) => (i < granted ? { ok: true } : refused));
  }

  const takes = createBatcher<{ key: string; perMinute: number }, RateDecision>({
    async run(items) {
      const groups = new Map<string, number[]>();
      items.forEach((item, index) => {
        const group = `${item.perMinute}\u0000${item.key}`;
        groups.set(group, [...(groups.get(group) ?? []), index]);
      });
      const decisions: RateDecision[] = new Array(items.length);
      for (const indexes of groups.values()) {
        const { key, perMinute } = items[indexes[0]!]!;
        const answers =
          indexes.length === 1
            ? [await takeOne(key, perMinute)]
            : await takeMany(key, perMinute, indexes.length);
        indexes.forEach((index, i) => (decisions[index] = answers[i]!));
      }
      return decisions;
    },
  });

  return {
    /**
     * Counts one hit on each key (distinct keys) and returns every counter after it. A window or
     * a lock that has passed starts afresh at this hit; the lock begins at the first hit past
     * the limit and lasts its full `lockMs` from then, however late in the window it came.
     */
    async hit(hits: CounterHit[]): Promise<Map<string, CounterState>> {
      const fresh = `((c.locked_until is not null and c.locked_until <= $5::timestamptz)
        or (c.locked_until is null and c.window_ends <= $5::timestamptz))`;
      const rows = await db.query<{
        key: string;
        hits: number;
        locked_until: Date | string | null;
      }>(
        `insert into security_counters as c (key, hits, window_ends, max_hits, lock_ms, locked_until)
         select k, 1, $5::timestamptz + w * interval '1 millisecond', l, lk,
           case when l < 1 then $5::timestamptz + lk * interval '1 millisecond' end
         from unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) as t(k, l, w, lk)
         on conflict (key) do update set
           hits = case when ${fresh} then 1 else c.hits + 1 end,
           window_ends = case when ${fresh} then excluded.window_ends else c.window_ends end,
           max_hits = excluded.max_hits,
           lock_ms = excluded.lock_ms,
           locked_until = case
             when ${fresh} then excluded.locked_until
             when c.locked_until is not null then c.locked_until
             when c.hits + 1 > excluded.max_hits
               then $5::timestamptz + excluded.lock_ms * interval '1 millisecond'
           end
         returning key, hits, locked_until`,
        [
          hits.map((h) => h.key),
          hits.map((h) => h.maxHits),
          hits.map((h) => h.windowMs),
          hits.map((h) => h.lockMs),
          at(),
        ],
      );
      return new Map(
        rows.map((row) => [
          row.key,
          {
            hits: Number(row.hits),
            lockedUntil: ms(row.locked_until),
          },
        ]),
      );
    },

    /**
     * Starts `reset` afresh and takes back the hit this attempt made on each of `refund`,
     * provided that none of them is locked now: true when that held (one statement; each row is
     * re-checked under its row lock). A success that a burst of attempts overtook is refused
     * this way, never counted; a success that counts is no failure of its source or username.
     */
    async resetUnlessLocked(reset: string, refund: string[]): Promise<boolean> {
      const keys = [...new Set([reset, ...refund])];
      const rows = await db.query<{ key: string }>(
        `update security_counters
         set hits = case when key = $1 then 0 else greatest(hits - 1, 0) end
         where key = any($2::text[]) and (locked_until is null or locked_until <= $3::timestamptz)
         returning key`,
        [reset, keys, at()],
      );
      return rows.length === keys.length;
    },

    /**
     * Takes one request from `key`'s allowance of `perMinute` (a burst of that many, refilled
     * evenly: the generic cell rate algorithm), or says how long until the next one is allowed.
     * Concurrent takes are written together (`batcher.ts`): one statement per key for all of
     * them, the first ones in the order they came allowed as far as the allowance goes.
     */
    take(key: string, perMinute: number): Promise<RateDecision> {
      return takes.add({ key, perMinute });
    },

    /** Deletes counters whose window, lock and allowance have all passed. */
    async sweep(): Promise<number> {
      const rows = await db.query(
        `delete from security_counters where window_ends < $1::timestamptz
           and (locked_until is null or locked_until < $1::timestamptz) returning key`,
        [at()],
      );
      return rows.length;
    },
  };
}

export type CounterStore = ReturnType<typeof createCounterStore>;
