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
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { failureReason, notMeasured } from '../lib/figure';
import { ensureWebBuilt } from '../stack/bff-process';
import { startStack } from '../stack/stack';
import { screenRow, stagesOf, timeChanges } from './live-reads-changes';
import { countReads, readsRow } from './live-reads-count';
import { placeOrder, setPrice, waitForStatus } from './live-reads-orders';
import {
  CHANGES,
  HELD_PRICE,
  READS,
  READS_GOAL,
  SCREEN,
  SCREEN_GOAL,
  SESSIONS,
  SETTLE_MS,
  WINDOW_MS,
  sleep,
} from './live-reads-plan';
import { isLive, openOrdersPage } from './live-reads-sessions';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
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
