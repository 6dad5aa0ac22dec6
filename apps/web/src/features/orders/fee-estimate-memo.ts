import type { FeeEstimate } from '@console/schemas';

/*
 * The review shows the estimate the form showed (issue 67). The estimate depends on market data
 * and fills the form read; the review is a pure function of the order's input. So the form leaves
 * its latest estimate here under the fields that decide it, and the review takes it only when
 * the order it reviews has those same fields: never an estimate of another order.
 */

const DECIDING = [
  'profile_id',
  'market',
  'type',
  'side',
  'base_amount',
  'quote_amount',
  'price',
  'stop_price',
] as const;

const keyOf = (input: Record<string, unknown>) =>
  JSON.stringify(DECIDING.map((field) => input[field] ?? null));

let latest: { key: string; estimate: FeeEstimate } | undefined;

export function rememberEstimate(input: Record<string, unknown>, estimate: FeeEstimate): void {
  latest = { key: keyOf(input), estimate };
}

export function rememberedEstimate(input: Record<string, unknown>): FeeEstimate | undefined {
  return latest && latest.key === keyOf(input) ? latest.estimate : undefined;
}
