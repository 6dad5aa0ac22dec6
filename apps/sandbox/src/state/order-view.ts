import { marketAssets } from '@console/schemas';
import { iso } from '../clock';
import { fmt, fmtAsset } from './assets';
import { isStop } from './order-engine';
import type { Execution, OrderState } from './store';

/** The order as the service answers it (Create Order, Get Order, List Orders). */
export function orderView(o: OrderState): Record<string, unknown> {
  const { base, quote } = marketAssets(o.market);
  const vwap = o.amount_filled.gt(0) ? fmt(o.gross_filled.div(o.amount_filled), 8) : '0';
  return {
    id: o.id,
    profile_id: o.profile_id,
    ...(o.ref_id !== undefined ? { ref_id: o.ref_id } : {}),
    status: o.status,
    side: o.side,
    market: o.market,
    type: o.type,
    ...(o.base_amount ? { base_amount: fmtAsset(o.base_amount, base) } : {}),
    ...(o.price ? { price: o.price.toFixed() } : {}),
    ...(o.quote_amount ? { quote_amount: fmtAsset(o.quote_amount, quote) } : {}),
    ...(o.stop_price ? { stop_price: o.stop_price.toFixed() } : {}),
    metadata: o.metadata ?? {},
    created_at: iso(o.created_at),
    modified_at: iso(o.modified_at),
    amount_filled: fmtAsset(o.amount_filled, base),
    volume_weighted_average_price: vwap,
    time_in_force: o.time_in_force,
    ...(o.expiration !== undefined ? { expiration_date: iso(o.expiration) } : {}),
    ...(o.identity_id ? { identity_id: o.identity_id } : {}),
    ...(o.identity_account_id ? { identity_account_id: o.identity_account_id } : {}),
    ...(o.recipient_profile_id ? { recipient_profile_id: o.recipient_profile_id } : {}),
    ...(isStop(o) ? { is_triggered: o.is_triggered } : {}),
  };
}

/** An execution as List Executions answers it: amounts exact, fees in the quote currency. */
export function executionView(e: Execution): Record<string, unknown> {
  const { base } = marketAssets(e.market);
  return {
    execution_id: e.execution_id,
    order_id: e.order_id,
    executed_at: iso(e.executed_at),
    market: e.market,
    side: e.side,
    amount: fmtAsset(e.amount, base),
    price: e.price.toFixed(),
    commission: fmtAsset(e.commission, e.commission_asset),
    commission_asset: e.commission_asset,
    rebate: fmtAsset(e.rebate, e.rebate_asset),
    rebate_asset: e.rebate_asset,
    ...(e.account_id ? { account_id: e.account_id } : {}),
    gross_trade_amount: e.gross_trade_amount.toFixed(),
  };
}
