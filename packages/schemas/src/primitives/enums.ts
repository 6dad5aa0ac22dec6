import { z } from 'zod';
import { requiredOr } from './messages';

/** Markets an order can be placed on. */
export const MARKETS = [
  'ETHEUR',
  'ETHSGD',
  'ETHUSD',
  'BTCEUR',
  'BTCSGD',
  'BTCUSD',
  'PAXGUSD',
  'BCHUSD',
  'LTCUSD',
  'USDPUSD',
  'LINKUSD',
  'MATICUSD',
  'AAVEUSD',
  'UNIUSD',
] as const;
export const MarketSchema = z.enum(MARKETS, {
  error: requiredOr('Market', 'Choose a market from the list'),
});
export type Market = z.infer<typeof MarketSchema>;

/**
 * The base and quote assets of a market, for showing amounts with their assets and for moving balances.
 * The quote is one of the fiat codes at the end of the market name.
 */
export function marketAssets(market: Market): { base: string; quote: string } {
  const quote = (['USD', 'EUR', 'SGD'] as const).find((q) => market.endsWith(q)) ?? 'USD';
  return { base: market.slice(0, market.length - quote.length), quote };
}

export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export const OrderSideSchema = z.enum(ORDER_SIDES, {
  error: requiredOr('Side', 'Choose BUY or SELL'),
});
export type OrderSide = z.infer<typeof OrderSideSchema>;

export const ORDER_TYPES = [
  'LIMIT',
  'MARKET',
  'POST_ONLY_LIMIT',
  'STOP_MARKET',
  'STOP_LIMIT',
] as const;
export const OrderTypeSchema = z.enum(ORDER_TYPES, {
  error: requiredOr('Order type', 'Choose an order type from the list'),
});
export type OrderType = z.infer<typeof OrderTypeSchema>;

export const TIME_IN_FORCE = ['GTC', 'FOK', 'IOC', 'GTT'] as const;
export const TimeInForceSchema = z.enum(TIME_IN_FORCE, {
  error: requiredOr('Time in force', 'Choose GTC, FOK, IOC or GTT'),
});
export type TimeInForce = z.infer<typeof TimeInForceSchema>;

export const ORDER_STATUSES = [
  'PENDING_SUBMISSION',
  'SUBMITTED',
  'OPEN',
  'FILLED',
  'CANCELLED',
  'REJECTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRANSFER_TYPES = [
  'INTERNAL_TRANSFER_DEBIT',
  'INTERNAL_TRANSFER_CREDIT',
  'CRYPTO_DEPOSIT',
  'CRYPTO_WITHDRAWAL',
  'WIRE_DEPOSIT',
  'WIRE_WITHDRAWAL',
  'SEN_DEPOSIT',
  'SEN_WITHDRAWAL',
  'BANK_DEPOSIT',
  'BANK_WITHDRAWAL',
  'SVC_TRANSFER_DEBIT',
  'SVC_TRANSFER_CREDIT',
  'SIGNET_DEPOSIT',
  'SIGNET_WITHDRAWAL',
  'CBIT_WITHDRAWAL',
  'CBIT_DEPOSIT',
  'CUBIX_DEPOSIT',
  'CUBIX_WITHDRAWAL',
] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

export const TRANSFER_DIRECTIONS = ['CREDIT', 'DEBIT'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

export const TRANSFER_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const ORCHESTRATION_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type OrchestrationStatus = (typeof ORCHESTRATION_STATUSES)[number];

/** The spec shows only ACTIVE; other values may come and are shown as they are. */
export const ORCHESTRATION_RULE_STATUSES = ['ACTIVE'] as const;
export type OrchestrationRuleStatus = (typeof ORCHESTRATION_RULE_STATUSES)[number];

export const FIAT_ACCOUNT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type FiatAccountStatus = (typeof FIAT_ACCOUNT_STATUSES)[number];

export const CRYPTO_NETWORKS = [
  'BITCOIN',
  'ETHEREUM',
  'BITCOIN_CASH',
  'LITECOIN',
  'SOLANA',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'INK',
] as const;
export const CryptoNetworkSchema = z.enum(CRYPTO_NETWORKS, {
  error: requiredOr('Crypto network', 'Choose a crypto network from the list'),
});
export type CryptoNetwork = z.infer<typeof CryptoNetworkSchema>;

/** Networks that share the EVM address form (and so accept deposits to the same address). */
export const EVM_NETWORKS: readonly CryptoNetwork[] = [
  'ETHEREUM',
  'POLYGON_POS',
  'BASE',
  'ARBITRUM_ONE',
  'INK',
];

export const CONVERSION_TARGET_ASSETS = ['NO_CONVERSION', 'USD'] as const;
export const ConversionTargetAssetSchema = z.enum(CONVERSION_TARGET_ASSETS, {
  error: requiredOr('Conversion target asset', 'Choose NO_CONVERSION or USD'),
});
export type ConversionTargetAsset = z.infer<typeof ConversionTargetAssetSchema>;

/**
 * A response enum that stays open: the service may add values, and an unknown status must show
 * as itself in the console rather than fail the whole response. Requests always use closed enums.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string() as z.ZodType<T[number] | (string & {})>;
}

/** True when `value` is one of the values the spec lists (the UI marks others as unknown). */
export function isKnownValue<const T extends readonly string[]>(
  known: T,
  value: string,
): value is T[number] {
  return (known as readonly string[]).includes(value);
}
