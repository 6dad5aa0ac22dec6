/**
 * The watcher's pace (ADR 021): it spends at most a share of one endpoint's service limit, for
 * the whole deployment, since only the lease holder watches. Every read it makes is spaced from
 * the last by the same interval, whatever the endpoint, so the share holds on each endpoint and
 * on all of them together.
 */
import { SERVICE_DEFAULT_PER_SECOND } from '../upstream/service-budget';

/**
 * 5 % of 50 requests a second: 2.5 reads a second, so one look (events, transfers, the open
 * orders: three reads when nothing changed) takes about 1.2 s, inside the 2 s the issue gives
 * from a change at the service to the screen. Under the default budget of 80 % it leaves 75 % of
 * the service's limit to the operators' own reads and sends.
 */
export const DEFAULT_WATCH_SHARE_PERCENT = 5;

/** The least time between two reads of the watcher at `percent` of the service's limit. */
export function watchSpacingMs(percent: number): number {
  return Math.ceil(1000 / ((SERVICE_DEFAULT_PER_SECOND * percent) / 100));
}
