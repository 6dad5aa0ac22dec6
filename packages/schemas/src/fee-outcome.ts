import Big from 'big.js';
import type { FeeSchedule, Liquidity, OrderToEstimate } from './fee-estimate';
import { assetPrecision } from './primitives/assets';
import { DECIMAL_PATTERN } from './primitives/decimal';
import { marketAssets } from './primitives/trading-enums';
import type { Execution } from './resources/execution';

/*
 * What an order's fills were charged, beside what the organisation's fee schedule says they
 * should have cost (issue 67): the estimate before the fill, made again on what filled. An
 * operator sees at a glance whether the service charged the rate the organisation agreed to.
 */

/** The schedule's fee on what filled, at one liquidity's rate. */
export interface ScheduledFee {
  liquidity: Liquidity;
  rate: string;
  fee: string;
  /** The charge less this fee: 0 when the service charged the schedule's rate. */
  difference: string;
}

export interface FeeOutcome {
  /** The quote asset, in which gross and fees are counted. */
  asset: string;
  gross: string;
  charged: string;
  /** Charged ÷ gross, 6 places (a hundredth of a basis point): each fill's rounding up is no rate. */
  effective_rate: string;
  /**
   * The schedule's fee at the order's liquidity: a market or stop order takes, a post-only limit
   * makes, a limit order may have done either (both are given). Empty without a schedule for it.
   */
  scheduled: ScheduledFee[];
}

const decimal = (v: string | undefined): Big | undefined =>
  v !== undefined && DECIMAL_PATTERN.test(v) ? new Big(v) : undefined;

/** The liquidities an order of this type may have filled as, known from its type alone. */
function liquiditiesOf(type: OrderToEstimate['type']): Liquidity[] {
  if (type === 'POST_ONLY_LIMIT') return ['MAKER'];
  if (type === 'LIMIT' || type === 'STOP_LIMIT') return ['MAKER', 'TAKER'];
  return ['TAKER'];
}

/**
 * The fills' charge and the schedule's fee on the same gross; undefined before a fill, or when no
 * fill was charged in the quote asset (a fee in another asset is not comparable with a rate).
 */
export function feeOutcome(
  order: Pick<OrderToEstimate, 'market' | 'type'>,
  executions: readonly Execution[],
  schedule: FeeSchedule | null | undefined,
): FeeOutcome | undefined {
  const asset = marketAssets(order.market).quote;
  const fills: { gross: Big; charged: Big }[] = [];
  for (const e of executions) {
    const g = decimal(e.gross_trade_amount);
    const c = decimal(e.commission);
    if (!g || !c || (e.commission_asset !== undefined && e.commission_asset !== asset)) continue;
    fills.push({ gross: g, charged: c });
  }
  const gross = fills.reduce((total, f) => total.plus(f.gross), new Big(0));
  const charged = fills.reduce((total, f) => total.plus(f.charged), new Big(0));
  if (fills.length === 0 || gross.eq(0)) return undefined;
  const places = assetPrecision(asset) ?? 8;
  const rates = schedule?.[order.market];
  return {
    asset,
    gross: gross.toFixed(),
    charged: charged.toFixed(),
    effective_rate: charged.div(gross).round(6, Big.roundHalfUp).toFixed(),
    scheduled: rates
      ? liquiditiesOf(order.type).map((liquidity) => {
          const rate = liquidity === 'MAKER' ? rates.maker : rates.taker;
          // Fill by fill, each rounded up to the asset's places, as the service charges them:
          // a charge at the schedule's rate differs from it by nothing, not by a cent a fill.
          const fee = fills.reduce(
            (total, f) => total.plus(f.gross.times(rate).round(places, Big.roundUp)),
            new Big(0),
          );
          return {
            liquidity,
            rate,
            fee: fee.toFixed(places),
            difference: charged.minus(fee).toFixed(),
          };
        })
      : [],
  };
}
