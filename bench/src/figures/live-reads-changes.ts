import type { Page } from '@playwright/test';
import type { BenchContext, Row } from '../lib/figure';
import { formatMs, median, percentile, round } from '../lib/stats';
import type { Stack } from '../stack/stack';
import { placeOrder, setPrice, waitForStatus } from './live-reads-orders';
import {
  CHANGES,
  HELD_PRICE,
  MARKET,
  SCREEN,
  SCREEN_GOAL,
  SETTLE_MS,
  sleep,
} from './live-reads-plan';

/*
 * The live-reads figure's second row (issue 35): a change at the sandbox timed to the orders
 * page's DOM, one change at a time, with where each change's time went by the sandbox's log.
 */

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
export async function stagesOf(stack: Stack, changes: Change[]): Promise<Stages[]> {
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
export async function timeChanges(stack: Stack, page: Page, ctx: BenchContext): Promise<Change[]> {
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

export function screenRow(changes: Change[], stages: Stages[]): Row {
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
