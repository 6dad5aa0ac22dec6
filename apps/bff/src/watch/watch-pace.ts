/**
 * The watcher's pace (ADR 021): it spends at most a share of one endpoint's service limit, for
 * the whole deployment, since only the lease holder watches. Every read it makes is spaced from
 * the last by the same interval, whatever the endpoint, so the share holds on each endpoint and
 * on all of them together.
 */
import { SERVICE_DEFAULT_PER_SECOND } from '../upstream/service-budget';

/**
 * 10 % of 50 requests a second: 5 reads a second. A fill reaches the screen after the look that
 * sees it (events, transfers, the open orders: a read each) and the two reads it then takes (Get
 * Order, List Executions): at 5 % (a read every 400 ms) that was p95 2.4 s in `pnpm bench live`,
 * past the issue's 2 s; at 10 % it is p95 1.3 s. Under the default budget of 80 % it leaves 70 %
 * of the service's limit to the operators' own reads and sends, whatever their number.
 */
export const DEFAULT_WATCH_SHARE_PERCENT = 10;

/** The least time between two reads of the watcher at `percent` of the service's limit. */
export function watchSpacingMs(percent: number): number {
  return Math.ceil(1000 / ((SERVICE_DEFAULT_PER_SECOND * percent) / 100));
}
