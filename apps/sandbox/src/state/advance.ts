import { advanceFiatAccounts } from './fiat-accounts';
import { advanceOrchestrations } from './orchestrations';
import { advanceOrders } from './order-engine';
import { advanceTransfers } from './transfers';
import type { SandboxState } from './store';

/**
 * Brings the whole state up to `now`. Called on every request instead of running timers, so the
 * state depends only on the clock and the requests: tests drive it by moving the clock.
 */
export function advanceState(state: SandboxState, now: number): void {
  advanceOrders(state, now);
  advanceTransfers(state, now);
  advanceOrchestrations(state, now);
  advanceFiatAccounts(state, now);
}
