import type { FeeEstimate, Market } from '@console/schemas';
import { multiply } from './decimal';
import { formatMoney } from './format-amount';

/*
 * An order's fee estimate in words, the same on the form and in its review (issue 67): the fee,
 * whether the order makes or takes liquidity, and the rate with where it came from; or why no
 * estimate is possible.
 */

const LIQUIDITY_WORDS = { MAKER: 'maker', TAKER: 'taker' } as const;

/** The fee, or what stands in its place ("—" while amounts are missing). */
export function feeWords(estimate: FeeEstimate | undefined, quote: string): string {
  if (!estimate) return '—';
  if (estimate.known) return formatMoney(estimate.fee, quote);
  return estimate.why === 'no-rate' ? 'No estimate possible' : '—';
}

/** Why the estimate is what it is, for the line below it. */
export function feeBasisWords(
  estimate: FeeEstimate | undefined,
  market: Market,
): string | undefined {
  if (!estimate) return undefined;
  const as = `as a ${LIQUIDITY_WORDS[estimate.liquidity]}`;
  if (!estimate.known) {
    return estimate.why === 'no-rate'
      ? `No estimate is possible: the organisation's fee schedule names no rate for ${market}, and this profile has no recent fill of the same side to learn one from.`
      : undefined;
  }
  const percent = `${multiply(estimate.rate, '100') ?? estimate.rate} %`;
  return estimate.source === 'schedule'
    ? `Estimated ${as} at ${percent}, the ${LIQUIDITY_WORDS[estimate.liquidity]} rate of the organisation's fee schedule for ${market}.`
    : `Estimated ${as} at ${percent}, the highest rate this profile's recent fills of the same side paid: the organisation's fee schedule names no rate for ${market}.`;
}

/** One line for the review: the fee and its basis together. */
export function feeReviewWords(estimate: FeeEstimate | undefined, market: Market, quote: string) {
  if (!estimate)
    return 'Not estimated: the form had not read the rates when the order was reviewed';
  const basis = feeBasisWords(estimate, market);
  return estimate.known ? `${feeWords(estimate, quote)}. ${basis}` : (basis ?? '—');
}
