/**
 * Issue 35's scale figures, in real Chromium against the BFF bundle serving the built SPA:
 *
 * 1. The service's reads a minute (the sandbox's own request log: `GET /v2/…`, token requests
 *    apart) with 1 and with 25 signed-in browser sessions on the orders page, the live stream up
 *    and an open limit order for the watcher to follow. One watcher per deployment reads at its
 *    pace whoever looks, and a page reads only when something it shows changed: 25 sessions
 *    should cost the service what one does.
 * 2. The time from a change at the sandbox (a price move that fills one resting limit order) to
 *    the orders page's DOM showing the order FILLED, one change at a time, p50 and p95.
 *
 * Both ends of a time are read from the same clock: `Date.now()` in the bench just before the
 * price is moved, and `Date.now()` in the page (the same machine's system clock) in the
 * MutationObserver callback that sees the row change.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_IDS, operations } from '@console/schemas';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason, notMeasured } from '../lib/figure';
import { formatMs, formatRatio, median, percentile, round } from '../lib/stats';
import { ensureWebBuilt } from '../stack/bff-process';
import { startStack, type Stack } from '../stack/stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SESSIONS = 25;
/** After the last page is live: its first reads, and the watcher's first looks, are done. */
const SETTLE_MS = 10_000;
/** Each count of reads. */
const WINDOW_MS = 60_000;
/** Changes timed from the sandbox to the screen. */
const CHANGES = 30;
const PROFILE = DEMO_IDS.profiles.trading;
const MARKET = 'BTCUSD';
/** Where the market is held while the changes are made; the orders rest below it. */
const HELD_PRICE = 60_000;

const READS = `Service reads a minute, ${SESSIONS} browser sessions on the orders page against 1`;
const READS_GOAL = '≤ 1.10×';
const SCREEN = `Change at the sandbox to the orders page (limit order filled), ${CHANGES} changes`;
const SCREEN_GOAL = 'p95 ≤ 2 s';

export const liveReads: Figure = {
  id: 'live-reads',
  timeoutMs: 540_000,
  rows: [
    { figure: READS, goal: READS_GOAL },
    { figure: SCREEN, goal: SCREEN_GOAL },
  ],
  async run(ctx) {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
    return measure(ctx);
  },
};

async function measure(ctx: BenchContext): Promise<Row[]> {
  await ensureWebBuilt(ctx.log);
  const stack = await startStack(ctx, 'live-reads');
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // An order that rests far below the market, so that the watcher follows the open orders too.
    const resting = await placeOrder(stack, String(HELD_PRICE / 2));
    await waitForStatus(stack, [resting], 'OPEN');

    ctx.log('  1 session on the orders page');
    const pages = [await openOrdersPage(browser, stack, true)];
    await sleep(SETTLE_MS);
    const one = await countReads(stack, WINDOW_MS);
    ctx.log(`  1 session: ${one.perMinute.toFixed(1)} reads a minute`);

    let screen: Row;
    try {
      ctx.log(`  ${CHANGES} changes, one at a time`);
      const changes = await timeChanges(stack, pages[0]!, ctx);
      screen = screenRow(changes, await stagesOf(stack, changes));
    } catch (error) {
      screen = notMeasured(SCREEN, SCREEN_GOAL, failureReason(error));
    } finally {
      await setPrice(stack, null);
    }

    ctx.log(`  ${SESSIONS - 1} more sessions`);
    // A few at a time: each signs in, loads the SPA and opens its stream on two shared cores.
    for (let i = 1; i < SESSIONS; i += 4) {
      const batch = Math.min(4, SESSIONS - i);
      pages.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openOrdersPage(browser!, stack)),
        )),
      );
    }
    await sleep(SETTLE_MS);
    const live = await Promise.all(pages.map((page) => isLive(page)));
    const many = await countReads(stack, WINDOW_MS);
    ctx.log(`  ${SESSIONS} sessions: ${many.perMinute.toFixed(1)} reads a minute`);
    const stillLive = (await Promise.all(pages.map((page) => isLive(page)))).filter(Boolean);
    return [readsRow(one, many, live.filter(Boolean).length, stillLive.length, stack), screen];
  } finally {
    await browser?.close().catch(() => {});
    await stack.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * A browser context of its own (its own session cookie), signed in, on the orders page, live.
 * `timed`: the page where changes are timed, whose watch is plain JavaScript handed in by the
 * bench; the SPA's Content Security Policy (no `unsafe-eval`) is not applied to it there.
 */
async function openOrdersPage(browser: Browser, stack: Stack, timed = false): Promise<Page> {
  const url = stack.bff.url;
  const context: BrowserContext = await browser.newContext({
    baseURL: url,
    viewport: { width: 1440, height: 900 },
    bypassCSP: timed,
  });
  // The SPA's own sign-in request; the context keeps the session cookie it sets.
  const signedIn = await context.request.post('/api/session', {
    headers: { 'x-csrf': '1', origin: url },
    data: stack.bff.operator,
  });
  if (!signedIn.ok()) throw new Error(`sign-in in the browser: ${signedIn.status()}`);
  const page = await context.newPage();
  await page.goto(`/orders?profile=${PROFILE}`);
  await page
    .getByRole('banner')
    .getByRole('status', { name: /^Live: / })
    .waitFor({ state: 'visible', timeout: 30_000 });
  return page;
}

async function isLive(page: Page): Promise<boolean> {
  return page
    .getByRole('banner')
    .getByRole('status', { name: /^Live: / })
    .isVisible()
    .catch(() => false);
}

// ---------------------------------------------------------------------------------------------
// Reads

interface ReadCount {
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
async function countReads(stack: Stack, ms: number): Promise<ReadCount> {
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

function readsRow(
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

// ---------------------------------------------------------------------------------------------
// Change to screen

async function sandboxFetch(stack: Stack, path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${stack.sandbox.url}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

function setPrice(stack: Stack, price: string | null): Promise<unknown> {
  return sandboxFetch(stack, `/sandbox/prices/${MARKET}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ price }),
  });
}

/** A GTC limit buy through the BFF, as the SPA sends it; its id. */
async function placeOrder(stack: Stack, price: string): Promise<string> {
  const response = await fetch(`${stack.bff.url}/api/operations/createOrder`, {
    method: 'POST',
    headers: stack.bff.headers,
    body: JSON.stringify({
      profile_id: PROFILE,
      market: MARKET,
      side: 'BUY',
      type: 'LIMIT',
      base_amount: '0.001',
      price,
      ref_id: randomUUID(),
    }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`createOrder at ${price}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

/** The sandbox books an accepted order a moment later: waits until every one has `status`. */
async function waitForStatus(stack: Stack, ids: string[], status: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = (await sandboxFetch(stack, '/sandbox/state')) as {
      orders: { id: string; status: string }[];
    };
    const statuses = new Map(state.orders.map((o) => [o.id, o.status]));
    const behind = ids.filter((id) => statuses.get(id) !== status);
    if (behind.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${behind.length} orders not ${status} at the sandbox (${statuses.get(behind[0]!)})`,
      );
    }
    await sleep(100);
  }
}

/**
 * In the page, as plain JavaScript: a cell of order `id`'s row says `status` (cell by cell: the
 * row's text runs its cells together, "OPEN0.001BTC"). Plain JavaScript because a function of
 * this module would reach the page as tsx compiled it, with helpers the page does not have.
 */
const rowSays = (id: string, status: string) =>
  `[...(document.querySelector('a[aria-label="Open order ${id}"]')?.closest('tr')?.cells ?? [])].some((cell) => /\\b${status}\\b/.test(cell.textContent ?? ''))`;

/**
 * In the page: from now on, `window.liveSeen` resolves with `Date.now()` at the first DOM change
 * after which order `id`'s row says FILLED.
 */
const watchForFill = (id: string) => `(() => {
  if (${rowSays(id, 'FILLED')}) throw new Error('order ${id} shows FILLED before the change');
  window.liveSeen = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!(${rowSays(id, 'FILLED')})) return;
      const at = Date.now();
      observer.disconnect();
      resolve(at);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
})()`;

/** In the page: when the row changed, or a failure after `ms`. */
const seenWithin = (ms: number) =>
  `Promise.race([window.liveSeen, new Promise((_, reject) => setTimeout(() => reject(new Error('not shown within ${ms} ms')), ${ms}))])`;

interface Change {
  order: string;
  /** `Date.now()` just before the price move. */
  at: number;
  /** From the price move's request to the row showing FILLED, ms. */
  ms: number;
  /** The price move's own round trip, ms. */
  requestMs: number;
}

/** Where a change's time went, from the sandbox's log (ms after the move; null: not found). */
interface Stages {
  /** The watcher's Get Order of the filled order: it saw the order leave the open ones. */
  getOrder: number | null;
  /** Its List Executions of the order, after which the change is written and streamed. */
  executions: number | null;
  /** The page's own List Orders, asked when the stream told it. */
  pageRead: number | null;
  /** The row on screen. */
  shown: number;
}

/** Each change's stages, read from the sandbox's request log after the changes. */
async function stagesOf(stack: Stack, changes: Change[]): Promise<Stages[]> {
  const reads = (await stack.sandbox.log()).requests
    .filter((r) => r.method === 'GET' && r.at !== undefined)
    .map((r) => ({
      path: r.path,
      at: Date.parse(r.at!),
      watcher: r.headers?.['x-request-id']?.startsWith('watch-') ?? false,
    }));
  return changes.map((change) => {
    const after = (from: number, match: (r: (typeof reads)[number]) => boolean) =>
      reads.find((r) => r.at >= from && match(r))?.at ?? null;
    const getOrder = after(
      change.at,
      (r) => r.watcher && r.path.includes(`/orders/${change.order}`),
    );
    const executions = after(
      getOrder ?? change.at,
      (r) => r.watcher && r.path.includes(`order_id=${change.order}`),
    );
    const pageRead = after(
      executions ?? change.at,
      (r) => !r.watcher && /^\/v2\/orders(\?|$)/.test(r.path),
    );
    const since = (at: number | null) => (at === null ? null : at - change.at);
    return {
      getOrder: since(getOrder),
      executions: since(executions),
      pageRead: since(pageRead),
      shown: change.ms,
    };
  });
}

/**
 * Places CHANGES limit buys below the held price, one tick of 50 apart, waits until the page
 * shows each OPEN, then moves the price just under one order at a time (highest first, so each
 * move crosses exactly one) and times it to the page. A random pause before each move spreads
 * the moves over the watcher's cycle.
 */
async function timeChanges(stack: Stack, page: Page, ctx: BenchContext): Promise<Change[]> {
  await setPrice(stack, String(HELD_PRICE));
  const prices = Array.from({ length: CHANGES }, (_, i) => HELD_PRICE - 1_000 - i * 50);
  const orders: string[] = [];
  for (const price of prices) orders.push(await placeOrder(stack, String(price)));
  await waitForStatus(stack, orders, 'OPEN');
  await page.waitForFunction(orders.map((id) => `(${rowSays(id, 'OPEN')})`).join(' && '), null, {
    timeout: 30_000,
  });
  await sleep(SETTLE_MS / 2);

  const changes: Change[] = [];
  for (const [i, order] of orders.entries()) {
    await sleep(500 + Math.random() * 1_500);
    await page.evaluate(watchForFill(order));
    const before = Date.now();
    await setPrice(stack, String(prices[i]! - 1));
    const requestMs = Date.now() - before;
    const shown = Number(await page.evaluate(seenWithin(15_000)));
    changes.push({ order, at: before, ms: shown - before, requestMs });
    ctx.log(`    ${i + 1}/${CHANGES}: ${shown - before} ms`);
  }
  return changes;
}

function screenRow(changes: Change[], stages: Stages[]): Row {
  const times = changes.map((c) => c.ms);
  const p50 = median(times);
  const p95 = percentile(times, 95);
  const stage = (key: keyof Stages) => {
    const found = stages.map((s) => s[key]).filter((ms): ms is number => ms !== null);
    return found.length ? formatMs(median(found)) : 'n/a';
  };
  return {
    figure: SCREEN,
    value: `p50 ${formatMs(p50)}, p95 ${formatMs(p95)}`,
    baseline: '',
    ratio: '',
    goal: SCREEN_GOAL,
    pass: changes.length === CHANGES && p95 <= 2_000,
    raw: {
      p50_ms: round(p50),
      p95_ms: round(p95),
      max_ms: Math.max(...times),
      min_ms: Math.min(...times),
      samples_ms: times,
      price_move_request_ms: round(median(changes.map((c) => c.requestMs))),
      stages_ms: stages,
    },
    note: `1 session; each change a price move (PUT /sandbox/prices/${MARKET}) filling one resting limit order, timed from just before the move to a MutationObserver seeing the row say FILLED (both Date.now() on this machine's clock); a random 0.5–2 s pause before each; min ${formatMs(Math.min(...times))}, max ${formatMs(Math.max(...times))}; medians after the move, by the sandbox's log: the watcher's Get Order of the order ${stage('getOrder')}, its List Executions ${stage('executions')}, the page's List Orders ${stage('pageRead')}, on screen ${stage('shown')}`,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
