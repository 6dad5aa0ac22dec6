import { operations } from '@console/schemas';
import type { Row } from '../lib/figure';
import { formatRatio, round } from '../lib/stats';
import type { Stack } from '../stack/stack';
import { READS, READS_GOAL, SESSIONS, SETTLE_MS, sleep } from './live-reads-plan';

/*
 * The live-reads figure's first row (issue 35): the service reads a minute counted from the
 * sandbox's own request log, by who asked and by path, and the row comparing 25 sessions to 1.
 */

export interface ReadCount {
  /** Service reads (`GET /v2/…`) in the window. */
  reads: number;
  seconds: number;
  perMinute: number;
  /** The watcher's (its requests carry `X-Request-Id: watch-…`). */
  watcher: number;
  /**
   * Public market data (the reads without a scope: markets, prices, ticker), which the BFF fetches
   * for the whole deployment at most about once every 2 s a path, however many pages poll it.
   */
  market: number;
  /** Reads by path (ids and query left out) and by who asked: what a reader checks first. */
  byPath: Record<string, number>;
}

/** Counts the service reads the sandbox logs over `ms`, from its own request log. */
export async function countReads(stack: Stack, ms: number): Promise<ReadCount> {
  const from = (await stack.sandbox.log()).requests.length;
  const started = performance.now();
  await sleep(ms);
  const log = await stack.sandbox.log();
  const seconds = (performance.now() - started) / 1000;
  const reads = log.requests
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path.startsWith('/v2/'));
  const byPath: Record<string, number> = {};
  let watcher = 0;
  let market = 0;
  for (const read of reads) {
    const fromWatcher = read.headers?.['x-request-id']?.startsWith('watch-') ?? false;
    if (fromWatcher) watcher += 1;
    if (isMarketData(read.path)) market += 1;
    const key = `${fromWatcher ? 'watcher' : 'pages'} ${pathShape(read.path)}`;
    byPath[key] = (byPath[key] ?? 0) + 1;
  }
  const perMinute = (reads.length * 60) / seconds;
  return { reads: reads.length, seconds, perMinute, watcher, market, byPath };
}

/** The paths of the public market data reads (no scope), as patterns. */
const MARKET_DATA = Object.values(operations)
  .filter((operation) => operation.scope === null)
  .map((operation) => new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`));

const isMarketData = (path: string) => MARKET_DATA.some((pattern) => pattern.test(path));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** `/v2/profiles/{id}/orders?status=OPEN&…` → `/v2/profiles/{id}/orders?status=OPEN`. */
function pathShape(path: string): string {
  const [pathname, query = ''] = path.split('?');
  const status = new URLSearchParams(query).get('status');
  return `${pathname!.replace(UUID, '{id}')}${status ? `?status=${status}` : ''}`;
}

export function readsRow(
  one: ReadCount,
  many: ReadCount,
  liveAtStart: number,
  liveAtEnd: number,
  stack: Stack,
): Row {
  const ratio = many.perMinute / one.perMinute;
  const top = (count: ReadCount) =>
    Object.entries(count.byPath)
      .sort((a, b) => b[1] - a[1])
      .map(([path, n]) => `${path} ${n}`)
      .join(', ');
  const perMinute = (count: ReadCount, reads: number) => (reads * 60) / count.seconds;
  const split = (count: ReadCount) => ({
    watcher: round(perMinute(count, count.watcher)),
    market_data: round(perMinute(count, count.market)),
    other_pages: round(perMinute(count, count.reads - count.watcher - count.market)),
  });
  const parts = { one: split(one), many: split(many) };
  const withoutMarket =
    (many.reads - many.market) / many.seconds / ((one.reads - one.market) / one.seconds);
  return {
    figure: READS,
    value: `${many.perMinute.toFixed(0)} reads/min`,
    baseline: `1 session ${one.perMinute.toFixed(0)} reads/min`,
    ratio: formatRatio(ratio),
    goal: READS_GOAL,
    pass: liveAtEnd === SESSIONS && ratio <= 1.1,
    raw: {
      one: { ...one, seconds: round(one.seconds), perMinute: round(one.perMinute) },
      many: { ...many, seconds: round(many.seconds), perMinute: round(many.perMinute) },
      per_minute: parts,
      ratio: round(ratio),
      ratio_without_market_data: round(withoutMarket),
      sessions: SESSIONS,
      live_sessions: { at_start: liveAtStart, at_end: liveAtEnd },
      database: stack.database,
    },
    note: `GET /v2/… in the sandbox's log over ${one.seconds.toFixed(0)} s windows, ${SETTLE_MS / 1000} s after the last page showed "Live"; each session its own browser context and sign-in (one admin); ${liveAtEnd} of ${SESSIONS} pages still live at the end. A minute, 1 → ${SESSIONS} sessions: watcher ${parts.one.watcher} → ${parts.many.watcher}, public market data (the BFF's shared copy, at most about one every 2 s a path) ${parts.one.market_data} → ${parts.many.market_data}, other reads of the pages ${parts.one.other_pages} → ${parts.many.other_pages}; without market data ${formatRatio(withoutMarket)}. By path, 1 session: ${top(one)}; ${SESSIONS} sessions: ${top(many)}`,
  };
}
