/**
 * Public market data (appendix B, operations 40–42) read once per deployment (issue 34). Prices
 * change by the second and every operator looks at the same ones, so a path's answer is fetched
 * at most about once a `freshMs` for every process on the database together, and every page is
 * told how old what it shows is. The `market_data` row is the shared copy; a conditional update
 * elects the one process that fetches a stale path; the others answer with the copy there is
 * (its age says how stale) or, with none yet, wait a moment for the reader's. Within a process,
 * concurrent reads of one path share one look at the database.
 */
import { jsonb, type Queryable } from '../db/db';

/** What a read of market data answers: the service's body, and when it was fetched. */
export interface MarketAnswer {
  body: unknown;
  fetchedAt: Date;
}

/** The service's answer to a fetch, or a failure to report. */
export type MarketFetch = () => Promise<{ ok: true; body: unknown } | { ok: false; error: Error }>;

export interface MarketDataOptions {
  /** How long a copy is served without asking the service again. */
  freshMs?: number;
  /** How long the elected reader has to store a fresh copy before another may try. */
  fetchLeaseMs?: number;
  /** How long a read with no copy at all waits for another process's fetch. */
  waitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Fresh as long as a page waits between two looks at a price (the SPA's `PRICE_POLL_MS`, 2 s):
 * a shorter freshness let pages polling out of step fetch more often the more of them there were
 * (a fetch a second with 25 pages against one every 2 s with one, in `pnpm bench live`); at the
 * poll's own interval it is one fetch every 2 s per path, whatever the number of pages.
 */
export const MARKET_DATA_DEFAULTS = { freshMs: 2_000, fetchLeaseMs: 5_000, waitMs: 3_000 };

/** Between two looks at the shared copy while another process fetches it. */
const WAIT_STEP_MS = 50;

interface Row {
  body: unknown;
  fetched_at: Date | string | null;
}

export function createMarketData(db: Queryable, options: MarketDataOptions = {}) {
  const { freshMs, fetchLeaseMs, waitMs } = { ...MARKET_DATA_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const inFlight = new Map<string, Promise<MarketAnswer>>();

  const copyOf = (row: Row | undefined): MarketAnswer | undefined =>
    row?.fetched_at ? { body: row.body, fetchedAt: new Date(row.fetched_at) } : undefined;

  async function stored(path: string): Promise<MarketAnswer | undefined> {
    const rows = await db.query<Row>('select body, fetched_at from market_data where path = $1', [
      path,
    ]);
    return copyOf(rows[0]);
  }

  /** True when this process is elected to fetch `path` (its copy is stale, nobody is at it). */
  async function elect(path: string): Promise<boolean> {
    const at = new Date(now());
    const rows = await db.query(
      `insert into market_data as m (path, fetching_until) values ($1, $2::timestamptz)
       on conflict (path) do update set fetching_until = excluded.fetching_until
         where (m.fetched_at is null or m.fetched_at <= $3::timestamptz)
           and (m.fetching_until is null or m.fetching_until <= $4::timestamptz)
       returning path`,
      [
        path,
        new Date(at.getTime() + fetchLeaseMs).toISOString(),
        new Date(at.getTime() - freshMs).toISOString(),
        at.toISOString(),
      ],
    );
    return rows.length === 1;
  }

  async function look(path: string, fetch: MarketFetch): Promise<MarketAnswer> {
    const copy = await stored(path);
    if (copy && now() - copy.fetchedAt.getTime() < freshMs) return copy;
    if (await elect(path)) {
      const fetched = await fetch();
      if (!fetched.ok) {
        // Let another try at once; the copy there is, however old, still says what it is.
        await db.query('update market_data set fetching_until = null where path = $1', [path]);
        if (copy) return copy;
        throw fetched.error;
      }
      const at = new Date(now());
      await db.query(
        // Text cast to jsonb by the database: a driver told the parameter is jsonb would encode
        // the JSON text once more, as a string.
        `update market_data set body = $2::text::jsonb, fetched_at = $3::timestamptz,
           fetching_until = null where path = $1`,
        [path, jsonb(fetched.body), at.toISOString()],
      );
      return { body: fetched.body, fetchedAt: at };
    }
    // Another process is fetching it: its copy, with its age, or a moment's wait for one.
    if (copy) return copy;
    for (let waited = 0; waited < waitMs; waited += WAIT_STEP_MS) {
      await sleep(WAIT_STEP_MS);
      const fresh = await stored(path);
      if (fresh) return fresh;
    }
    return look(path, fetch);
  }

  return {
    /**
     * The answer of a public read: the shared copy while it is fresh, else fetched by the one
     * elected process. `fetch` asks the service (no token: market data is public).
     */
    read(path: string, fetch: MarketFetch): Promise<MarketAnswer> {
      const pending = inFlight.get(path);
      if (pending) return pending;
      const started = look(path, fetch).finally(() => inFlight.delete(path));
      inFlight.set(path, started);
      return started;
    },
  };
}

export type MarketData = ReturnType<typeof createMarketData>;
