import Big from 'big.js';
import { DECIMAL_PATTERN } from '../primitives/decimal';
import type { OrderSide, OrderType } from '../primitives/trading-enums';
import type { Report } from './define-operation';

/** The smallest quote amount of a market buy (svc-api.md appendix, "Minimums"). */
export const MIN_QUOTE_AMOUNT = '0.01';
/** The smallest base amount of a market sell or any limit order. */
export const MIN_BASE_AMOUNT = '0.00000001';
/**
 * A taker limit order priced this far or further from the market's midpoint is rejected (svc-api.md
 * appendix, "Limit prices near the market"), as a fraction of the midpoint.
 */
export const LIMIT_PRICE_BAND = '0.15';

interface OrderAmounts {
  side?: OrderSide;
  type?: OrderType;
  base_amount?: string;
  quote_amount?: string;
}

const below = (value: unknown, min: string) =>
  typeof value === 'string' && DECIMAL_PATTERN.test(value) && new Big(value).lt(min);

/**
 * The rules of the appendix that an order can be checked against before it is sent: stop orders
 * are stop-loss sells, and amounts have minimums. Limits that need the market price (notional
 * value, the price band) are the service's to apply.
 */
export function orderLimitRules(order: OrderAmounts, report: Report): void {
  if ((order.type === 'STOP_MARKET' || order.type === 'STOP_LIMIT') && order.side === 'BUY') {
    report(
      ['side'],
      'Stop orders are stop-loss sells: the service accepts no stop buy; choose SELL',
    );
  }
  if (order.type === 'MARKET' && order.side === 'BUY') {
    if (below(order.quote_amount, MIN_QUOTE_AMOUNT)) {
      report(
        ['quote_amount'],
        `Quote amount must be at least ${MIN_QUOTE_AMOUNT} for a market buy`,
      );
    }
  } else if (below(order.base_amount, MIN_BASE_AMOUNT)) {
    report(['base_amount'], `Base amount must be at least ${MIN_BASE_AMOUNT}`);
  }
}
