import { LIMIT_PRICE_BAND, type OrderSide, type OrderType, type Ticker } from '@console/schemas';
import { isDecimal, isFractionAway, midpointOf, multiply, percentAway } from './decimal';

/*
 * What the service would say about an order, said before it is sent: how far a limit price is
 * from the market, what the order is worth and about what it costs. Estimates from market data
 * the console reads (appendix B); the service stays the judge. Decimal arithmetic throughout.
 */

/**
 * The market's midpoint: halfway between the best bid and the best ask, or the current price
 * when the ticker shows no book.
 */
export function marketMidpoint(
  ticker: Ticker | undefined,
  currentPrice: string | undefined,
): string | undefined {
  return (
    midpointOf(ticker?.best_bid?.price, ticker?.best_ask?.price) ??
    (isDecimal(currentPrice) ? currentPrice : undefined)
  );
}

/** How far a limit price is from the midpoint, and whether the service would reject it. */
export interface PriceDistance {
  /** Per cent of the midpoint, for words ("16.7"). */
  percent: string;
  /** 15 % or more away: a limit that takes liquidity this far from the market is rejected. */
  far: boolean;
}

/** The distance of `price` from `midpoint`, or undefined without both. */
export function priceDistance(
  price: unknown,
  midpoint: string | undefined,
): PriceDistance | undefined {
  const far = isFractionAway(price, midpoint, LIMIT_PRICE_BAND);
  const percent = percentAway(price, midpoint);
  return far === undefined || percent === undefined ? undefined : { percent, far };
}

export interface OrderAmounts {
  type?: OrderType | undefined;
  side?: OrderSide | undefined;
  base_amount?: string | undefined;
  quote_amount?: string | undefined;
  price?: string | undefined;
  stop_price?: string | undefined;
}

/**
 * The order's value in the quote asset: what a market buy spends, a limit's size at its price, a
 * stop's at its stop price, a market sell's at the midpoint. Undefined until the amounts it needs
 * are given.
 */
export function orderNotional(
  order: OrderAmounts,
  midpoint: string | undefined,
): string | undefined {
  switch (order.type) {
    case 'MARKET':
      return order.side === 'BUY'
        ? isDecimal(order.quote_amount)
          ? order.quote_amount
          : undefined
        : multiply(order.base_amount, midpoint);
    case 'LIMIT':
    case 'POST_ONLY_LIMIT':
    case 'STOP_LIMIT':
      return multiply(order.base_amount, order.price);
    case 'STOP_MARKET':
      return multiply(order.base_amount, order.stop_price);
    default:
      return undefined;
  }
}
