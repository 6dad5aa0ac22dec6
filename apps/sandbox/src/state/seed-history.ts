import { seedPastMovements } from './seed-history-movements';
import { seedPastOrders } from './seed-history-orders';
import type { SandboxState } from './store';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's history, dated over the ten days before `now`, so that every list has records on
 * first start: orders in every final and working state with their fills, transfers, deposits,
 * deposit addresses, a rule and the orchestration it made. Only the market-making and omnibus
 * profiles take part; treasury, trading, payouts and empty stay as seeded.
 */
export function addDemoHistory(state: SandboxState, now: number): void {
  seedPastOrders(state, now - 10 * DAY);
  seedPastMovements(state, now - 4 * DAY);
}
