import type { Order } from '@console/schemas';
import { sum } from '@/lib/decimal';
import type { Execution } from '@/lib/read-schemas';

/** One step of an order's life, as far as the service's records tell it. */
export interface TimelineStep {
  at: string;
  /** The status the order had from this step on. */
  status: string;
  /** What happened, in words. */
  what: string;
}

const FINAL = new Set(['FILLED', 'CANCELLED', 'REJECTED']);

/**
 * The order's status over time, from what the service holds: placed at `created_at`, open on the
 * market, each fill (an execution) with the amount filled so far, and the final status at
 * `modified_at`. Every state the order went through is a step: an order that filled was open
 * first, even when the service keeps no time for it (the step then has none: the service keeps
 * no status history, so no time is invented).
 */
export function orderTimeline(order: Order, executions: readonly Execution[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  if (order.created_at) steps.push({ at: order.created_at, status: 'SUBMITTED', what: 'Placed' });
  const fills = executions
    .filter((e) => e.executed_at && e.amount)
    .sort((a, b) =>
      a.executed_at! < b.executed_at! ? -1 : a.executed_at! > b.executed_at! ? 1 : 0,
    );
  // Open now: since its last change. Filled (in part or whole): it was open before the first fill.
  if (order.status === 'OPEN' && fills.length === 0) {
    steps.push({ at: order.modified_at ?? '', status: 'OPEN', what: openWords(order) });
  } else if (fills.length > 0 || order.status === 'FILLED') {
    steps.push({ at: '', status: 'OPEN', what: openWords(order) });
  }
  const done: string[] = [];
  for (const fill of fills) {
    done.push(fill.amount!);
    const filled = sum(done);
    const whole = order.base_amount !== undefined && filled === sum([order.base_amount]);
    steps.push({
      at: fill.executed_at!,
      status: whole ? 'FILLED' : 'OPEN',
      what: `Filled ${fill.amount} at ${fill.price ?? '?'} (${filled} in all)`,
    });
  }
  const last = steps.at(-1);
  if (FINAL.has(order.status) && last?.status !== order.status && order.modified_at) {
    steps.push({ at: order.modified_at, status: order.status, what: wordsFor(order.status) });
  } else if (
    !FINAL.has(order.status) &&
    fills.length === 0 &&
    order.status !== 'SUBMITTED' &&
    order.status !== 'OPEN'
  ) {
    steps.push({
      at: order.modified_at ?? order.created_at ?? '',
      status: order.status,
      what: wordsFor(order.status),
    });
  }
  return steps;
}

/**
 * What being open meant for this order: a market order and an immediate-or-cancel or
 * fill-or-kill limit take what the market offers at once and never wait (issue 67); a stop waits
 * for its stop price; a resting limit for the market to reach its price.
 */
function openWords(order: Order): string {
  if (order.type === 'MARKET' || order.time_in_force === 'IOC' || order.time_in_force === 'FOK') {
    return 'Open: taking what the market offers at once, never waiting';
  }
  if ((order.type === 'STOP_MARKET' || order.type === 'STOP_LIMIT') && !order.is_triggered) {
    return 'Open: waiting for the stop price';
  }
  return 'Open on the market, waiting for the price';
}

function wordsFor(status: string): string {
  switch (status) {
    case 'OPEN':
      return 'Open on the market, waiting for the price';
    case 'FILLED':
      return 'Filled in full';
    case 'CANCELLED':
      return 'Cancelled; whatever was not filled was released';
    case 'REJECTED':
      return 'Rejected by the service';
    default:
      return status;
  }
}
