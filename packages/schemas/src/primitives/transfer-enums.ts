import { z } from 'zod';
import { requiredOr } from './messages';

/*
 * The service's closed lists of moving money: transfers and their legs, orchestrations and their
 * rules, fiat accounts and rails, crypto networks, conversions, deposit instructions and the
 * book's destination addresses.
 */

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
export const FINAL_TRANSFER_STATUSES = ['COMPLETED', 'FAILED'] as const;

/** A leg of an orchestration: PENDING (id not known yet), PROCESSING (running), then final. */
export const TRANSFER_DETAIL_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

/** Finer-grained reasons of a transfer's status (`secondary_status.name`). */
export const SECONDARY_STATUSES = [
  'TRAVEL_RULE_INFO_REQUESTED',
  'TRAVEL_RULE_REJECTED',
  'CUSTOMER_REJECTED',
  'PENDING_CUSTOMER_APPROVAL',
] as const;

/** PENDING awaits approval at the service; it becomes PROCESSING if approved, REJECTED if not. */
export const ORCHESTRATION_STATUSES = [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'REJECTED',
] as const;
export type OrchestrationStatus = (typeof ORCHESTRATION_STATUSES)[number];
export const FINAL_ORCHESTRATION_STATUSES = ['COMPLETED', 'FAILED', 'REJECTED'] as const;

/**
 * ACTIVE matches deposits; PENDING awaits approval, REJECTED was refused in it, CANCELLED was
 * withdrawn before it; DELETED matches no new deposit.
 */
export const ORCHESTRATION_RULE_STATUSES = [
  'ACTIVE',
  'DELETED',
  'PENDING',
  'REJECTED',
  'CANCELLED',
] as const;
export type OrchestrationRuleStatus = (typeof ORCHESTRATION_RULE_STATUSES)[number];
export const FINAL_ORCHESTRATION_RULE_STATUSES = ['DELETED', 'REJECTED', 'CANCELLED'] as const;

export const FIAT_ACCOUNT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type FiatAccountStatus = (typeof FIAT_ACCOUNT_STATUSES)[number];
export const FINAL_FIAT_ACCOUNT_STATUSES = ['APPROVED', 'REJECTED'] as const;

export const ROUTING_NUMBER_TYPES = ['ABA', 'SWIFT'] as const;

/** The fiat rails an orchestration rule can watch, and their account types (appendix). */
export const FIAT_RULE_NETWORKS = ['WIRE', 'CUBIX'] as const;
export const FIAT_RULE_ACCOUNT_TYPES = ['SWIFT', 'ABA'] as const;

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

/** A DEPRECATED set of fiat deposit instructions must not be given to new payers. */
export const FIAT_DEPOSIT_INSTRUCTIONS_STATUSES = ['VALID', 'DEPRECATED'] as const;

/** An address of the book that is not APPROVED cannot be paid out to. */
export const CRYPTO_DESTINATION_ADDRESS_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type CryptoDestinationAddressStatus = (typeof CRYPTO_DESTINATION_ADDRESS_STATUSES)[number];
export const FINAL_CRYPTO_DESTINATION_ADDRESS_STATUSES = ['APPROVED', 'REJECTED'] as const;
