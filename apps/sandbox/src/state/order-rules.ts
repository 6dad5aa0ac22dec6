import Big from 'big.js';
import { LIMIT_PRICE_BAND, marketAssets, type Market } from '@console/schemas';
import { SandboxProblem } from '../problem';
import { ROUND_HALF_UP } from './assets';
import { holdFor } from './order-engine';
import { usdValue } from './prices';
import type { OrderState, SandboxState } from './store';

/** Largest notional value in USD per order (svc-api.md appendix, "Notional limits"). */
export function maxNotional(market: Market, type: OrderState['type']): Big {
  if (type === 'MARKET' || type === 'STOP_MARKET') return new Big(500_000);
  return new Big(market === 'BTCUSD' || market === 'ETHUSD' ? 1_500_000 : 1_000_000);
}

/** The order's value in its quote currency: what it spends, or its size at its price. */
function quoteNotional(o: OrderState, midpoint: Big): Big {
  const base = o.base_amount ?? new Big(0);
  if (o.type === 'MARKET') return o.side === 'BUY' ? (o.quote_amount as Big) : base.times(midpoint);
  if (o.type === 'STOP_MARKET') return base.times(o.stop_price as Big);
  return base.times(o.price as Big);
}

/** Throws 403 notional-value-too-large, with its `meta`, for an order over its USD limit. */
export function requireNotional(state: SandboxState, o: OrderState, now: number): void {
  const midpoint = state.prices.at(o.market, now);
  const usd = usdValue(state.prices, marketAssets(o.market).quote, now) ?? new Big(1);
  const notional = quoteNotional(o, midpoint).times(usd).round(2, ROUND_HALF_UP);
  const max = maxNotional(o.market, o.type);
  if (notional.lte(max)) return;
  throw new SandboxProblem(
    403,
    'notional-value-too-large',
    `The order's notional value ${notional.toFixed(2)} USD exceeds the ${o.type} limit of ${max.toFixed()} USD on ${o.market}`,
    {
      market: o.market,
      order_type: o.type,
      order_notional_value: notional.toFixed(2),
      max_notional_value: max.toFixed(),
    },
  );
}

/** True when a limit crosses the market now, so it would take liquidity. */
export function marketable(o: OrderState, midpoint: Big): boolean {
  const limit = o.price as Big;
  return o.side === 'BUY' ? midpoint.lte(limit) : midpoint.gte(limit);
}

/** True when a taker limit's price is 15 % or more away from the midpoint. */
export function outsideBand(o: OrderState, midpoint: Big): boolean {
  return (o.price as Big).minus(midpoint).abs().gte(midpoint.times(LIMIT_PRICE_BAND));
}

/** What the order needs available when it is placed: what it spends or holds. */
export function fundsNeeded(state: SandboxState, o: OrderState): { asset: string; amount: Big } {
  if (o.type === 'MARKET' && o.side === 'BUY') {
    return { asset: marketAssets(o.market).quote, amount: o.quote_amount as Big };
  }
  return holdFor(state, o);
}
