import { DEMO_IDS } from '@console/schemas';

/*
 * What the live-reads figure (issue 35) measures and under what load: its sessions, windows,
 * changes and market, and the names and goals of its two rows, shared by its modules.
 */

export const SESSIONS = 25;
/** After the last page is live: its first reads, and the watcher's first looks, are done. */
export const SETTLE_MS = 10_000;
/** Each count of reads. */
export const WINDOW_MS = 60_000;
/** Changes timed from the sandbox to the screen. */
export const CHANGES = 30;
export const PROFILE = DEMO_IDS.profiles.trading;
export const MARKET = 'BTCUSD';
/** Where the market is held while the changes are made; the orders rest below it. */
export const HELD_PRICE = 60_000;

export const READS = `Service reads a minute, ${SESSIONS} browser sessions on the orders page against 1`;
export const READS_GOAL = '≤ 1.10×';
export const SCREEN = `Change at the sandbox to the orders page (limit order filled), ${CHANGES} changes`;
export const SCREEN_GOAL = 'p95 ≤ 2 s';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
