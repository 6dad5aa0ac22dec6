import {
  CONVERSION_TARGET_ASSETS,
  CRYPTO_NETWORKS,
  MARKETS,
  ORDER_SIDES,
  ORDER_TYPES,
  TIME_IN_FORCE,
  TRANSFER_DIRECTIONS,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  isKnownValue,
  marketAssets,
  operations,
  type WriteOperationId,
} from '@console/schemas';
import { averagePrice } from '@/lib/average-price';

/*
 * How the result card shows a member of a service response: the spec's field names say what a
 * value is (a status, an id, a time, an amount in some asset). Unknown members show as text.
 */

export type ValueKind =
  | { kind: 'status'; known: readonly string[] }
  | { kind: 'enum'; known: readonly string[] }
  | { kind: 'id' }
  | { kind: 'time' }
  | { kind: 'amount'; asset: string | undefined }
  /** A member that has no meaning in this record (an unfilled order's average price). */
  | { kind: 'none'; why: string }
  | { kind: 'text' };

const ENUMS: Record<string, readonly string[]> = {
  side: ORDER_SIDES,
  market: MARKETS,
  time_in_force: TIME_IN_FORCE,
  direction: TRANSFER_DIRECTIONS,
  crypto_network: CRYPTO_NETWORKS,
  network: CRYPTO_NETWORKS,
  conversion_target_asset: CONVERSION_TARGET_ASSETS,
};

const BASE_AMOUNTS = ['base_amount', 'amount_filled'];
const QUOTE_AMOUNTS = ['quote_amount', 'price', 'stop_price', 'volume_weighted_average_price'];
const ASSET_AMOUNTS = ['amount', 'total', 'fee'];
const ID_KEYS = ['id', 'address', 'destination_address', 'crypto_tx_hash', 'group_id', 'ref_id'];

function marketOf(data: Record<string, unknown>) {
  const market = data.market;
  return typeof market === 'string' && isKnownValue(MARKETS, market)
    ? marketAssets(market)
    : undefined;
}

/** What a member is, given its key, its parent object (for assets) and the operation. */
export function valueKind(
  operation: WriteOperationId,
  key: string,
  parent: Record<string, unknown>,
  depth: number,
): ValueKind {
  if (key === 'status') {
    // Top level: the resource's own status; below it, legs of an orchestration are transfers.
    return {
      kind: 'status',
      known: depth === 0 ? (operations[operation].result.status?.known ?? []) : TRANSFER_STATUSES,
    };
  }
  if (key === 'type') {
    return {
      kind: 'enum',
      known: operation === 'createOrder' ? ORDER_TYPES : TRANSFER_TYPES,
    };
  }
  if (key === 'network' && depth > 0 && operation === 'updateFiatAccount') return { kind: 'text' };
  if (ENUMS[key]) return { kind: 'enum', known: ENUMS[key] };
  if (key.endsWith('_at') || key === 'expiration_date') return { kind: 'time' };
  if (ID_KEYS.includes(key) || key.endsWith('_id')) return { kind: 'id' };
  if (key === 'volume_weighted_average_price' && averagePrice(parent) === undefined) {
    // The service writes 0 there; "0.00 USD" would read as a price.
    return { kind: 'none', why: 'none: nothing filled yet' };
  }
  if (BASE_AMOUNTS.includes(key)) return { kind: 'amount', asset: marketOf(parent)?.base };
  if (QUOTE_AMOUNTS.includes(key)) return { kind: 'amount', asset: marketOf(parent)?.quote };
  if (ASSET_AMOUNTS.includes(key)) {
    return { kind: 'amount', asset: typeof parent.asset === 'string' ? parent.asset : undefined };
  }
  if (key === 'source_amount') {
    const asset = parent.source_asset;
    return { kind: 'amount', asset: typeof asset === 'string' ? asset : undefined };
  }
  if (key === 'notional_value') return { kind: 'amount', asset: 'USD' };
  return { kind: 'text' };
}

/** `base_amount` → "Base amount": response members have no labels in the schemas. */
export function humanize(key: string): string {
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
