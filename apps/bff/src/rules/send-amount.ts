/**
 * The amount of a send, and its asset, as the policy compares it: the approval thresholds, and
 * the limits per operator (issue 37), which sum it from the journal. Decimals with big.js, never
 * JavaScript numbers.
 */
import {
  DECIMAL_PATTERN,
  isKnownValue,
  MARKETS,
  marketAssets,
  operations,
  type WriteOperationId,
} from '@console/schemas';
import Big from 'big.js';

/**
 * Where an operation carries its amount and asset: its registry entry's `approval.amount`;
 * operations without one take no thresholds.
 */
const amountFields = (id: WriteOperationId) => operations[id].approval.amount;

const decimalOf = (raw: unknown) =>
  typeof raw === 'string' && DECIMAL_PATTERN.test(raw) ? new Big(raw) : undefined;

/**
 * The amount a threshold compares, and its asset. For an order, its notional in the market's
 * quote currency: the quote amount of a market buy, else the base amount times the limit price
 * (or the stop price of a stop market order). A market sell has no notional before it fills:
 * undefined, and a threshold then always holds it.
 */
export function thresholdAmount(
  id: WriteOperationId,
  body: Record<string, unknown>,
): { asset: string; amount: Big | undefined } | undefined {
  if (id === 'createOrder') {
    const market = body.market;
    if (typeof market !== 'string' || !isKnownValue(MARKETS, market)) {
      return { asset: '', amount: undefined };
    }
    const { quote } = marketAssets(market);
    const quoteAmount = decimalOf(body.quote_amount);
    if (quoteAmount) return { asset: quote, amount: quoteAmount };
    const base = decimalOf(body.base_amount);
    const price = decimalOf(body.price) ?? decimalOf(body.stop_price);
    return { asset: quote, amount: base && price ? base.times(price) : undefined };
  }
  const fields = amountFields(id);
  if (!fields) return undefined;
  return { asset: String(body[fields.asset] ?? ''), amount: decimalOf(body[fields.amount]) };
}

/**
 * The operations whose amounts count against the limits per operator: those that move money out
 * of a profile and carry one amount (transfers, orchestrations). Orders trade inside a profile,
 * and a market sell has no amount in its quote asset before it fills.
 */
export const LIMITED_OPERATIONS: readonly WriteOperationId[] = (
  Object.keys(operations) as (keyof typeof operations)[]
).filter(
  (id): id is WriteOperationId =>
    operations[id].kind === 'write' &&
    operations[id].approval.because === 'moves-money' &&
    operations[id].approval.amount !== undefined,
);

const LIMITED: ReadonlySet<string> = new Set(LIMITED_OPERATIONS);

/**
 * The amount a limit counts of a send: an operation of `LIMITED_OPERATIONS` with its amount.
 * `threshold` is its `thresholdAmount` when the caller has read it already.
 */
export function limitedAmount(
  id: string,
  body: Record<string, unknown>,
  threshold?: ReturnType<typeof thresholdAmount>,
): { asset: string; amount: Big } | undefined {
  if (!LIMITED.has(id)) return undefined;
  const found = threshold ?? thresholdAmount(id as WriteOperationId, body);
  return found?.amount && found.asset ? { asset: found.asset, amount: found.amount } : undefined;
}
