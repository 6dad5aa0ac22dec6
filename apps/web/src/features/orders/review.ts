import { MARKETS, ORDER_SIDES, ORDER_TYPES, isKnownValue, marketAssets } from '@console/schemas';
import type { ReviewLine, Reviewer } from '@/components/form';
import { multiply } from '@/lib/decimal';
import { feeReviewWords } from '@/lib/fee-estimate-words';
import { formatAmount, formatMoney } from '@/lib/format-amount';
import { rememberedEstimate } from './fee-estimate-memo';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What an order moves. A buy spends the quote asset and receives the base; a sell the reverse.
 * Limit prices give a bound (base × price, computed exactly); market orders fill at market.
 */
export const reviewOrder: Reviewer = (input) => {
  const market = str(input.market);
  const side = str(input.side);
  const type = str(input.type);
  if (
    !isKnownValue(MARKETS, market) ||
    !isKnownValue(ORDER_SIDES, side) ||
    !isKnownValue(ORDER_TYPES, type)
  ) {
    return { leaves: [], arrives: [], fee: 'Not known before sending' };
  }
  const { base, quote } = marketAssets(market);
  const profile = str(input.profile_id);
  const recipient = str(input.recipient_profile_id) || profile;
  const bound = multiply(input.base_amount, input.price);
  const base_amount = formatMoney(str(input.base_amount), base);

  let spend: string;
  let receive: string;
  if (type === 'MARKET') {
    spend = side === 'BUY' ? formatMoney(str(input.quote_amount), quote) : base_amount;
    receive = side === 'BUY' ? `${base} at the market price` : `${quote} at the market price`;
  } else if (type === 'STOP_MARKET') {
    spend = side === 'BUY' ? `${quote} at the market price once triggered` : base_amount;
    receive = side === 'BUY' ? base_amount : `${quote} at the market price once triggered`;
  } else {
    spend =
      side === 'BUY'
        ? `up to ${bound ? formatMoney(bound, quote) : `? ${quote}`} (${formatAmount(str(input.base_amount), base)} × ${formatAmount(str(input.price), quote)})`
        : base_amount;
    receive =
      side === 'BUY'
        ? base_amount
        : `at least ${bound ? formatMoney(bound, quote) : `? ${quote}`} (${formatAmount(str(input.base_amount), base)} × ${formatAmount(str(input.price), quote)})`;
  }
  const leaves: ReviewLine[] = [
    { label: 'Spends', value: spend },
    { label: 'From profile', value: '', record: { kind: 'profile', id: profile } },
  ];
  const arrives: ReviewLine[] = [
    { label: 'Receives', value: receive },
    { label: 'At profile', value: '', record: { kind: 'profile', id: recipient } },
  ];
  const notes = [`${side} ${market}, ${type.replace(/_/g, ' ').toLowerCase()} order`];
  if (input.stop_price) notes.push(`triggers at ${formatMoney(str(input.stop_price), quote)}`);
  if (input.time_in_force) notes.push(`time in force ${str(input.time_in_force)}`);
  if (typeof input.await_fill_millis === 'number' && input.await_fill_millis > 0) {
    notes.push(`the answer waits up to ${input.await_fill_millis} ms for the fill`);
  }
  return {
    leaves,
    arrives,
    // The form's estimate of this very order, in the same words.
    fee: feeReviewWords(rememberedEstimate(input), market, quote),
    note: `${notes.join('; ')}.`,
  };
};
