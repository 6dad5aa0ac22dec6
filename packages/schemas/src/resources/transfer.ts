import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import {
  CRYPTO_NETWORKS,
  SECONDARY_STATUSES,
  TRANSFER_DIRECTIONS,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
} from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';

const detail = (...members: string[]) =>
  z.looseObject(Object.fromEntries(members.map((m) => [m, z.string()]))).partial();

/**
 * Keyed by error type. `max_rent_exceeded` means the transfer was cancelled for suspected system
 * abuse. Keys the console does not know yet are kept as they come.
 */
export const StatusDetailsSchema = z.looseObject({
  missing_trustline: detail('message', 'destination_address', 'asset').optional(),
  max_rent_exceeded: detail('message', 'destination_address').optional(),
  pending_customer_approval: detail('message').optional(),
  stale_fee_quote: detail('message').optional(),
  invalid_destination_address: detail('message', 'destination_address').optional(),
});

/** A finer-grained explanation of a transfer's status. */
export const SecondaryStatusSchema = z.looseObject({
  name: openEnum(SECONDARY_STATUSES).optional(),
  detail: z.string().optional(),
});

/** The two transfers of a conversion that came with a deposit. */
export const AutoConversionSchema = z.looseObject({
  from_transfer_id: z.string().optional(),
  to_transfer_id: z.string().optional(),
});

/** Transfer: the answer of Create Internal Transfer and Create Svc Transfer (the debit record), Get and List Transfers. */
export const TransferSchema = z.looseObject({
  id: z.string(),
  customer_id: z.string(),
  profile_id: z.string(),
  amount: z.string(),
  total: z.string(),
  fee: z.string(),
  asset: z.string(),
  direction: openEnum(TRANSFER_DIRECTIONS),
  type: openEnum(TRANSFER_TYPES),
  status: openEnum(TRANSFER_STATUSES),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  identity_id: z.string().optional(),
  account_id: z.string().optional(),
  ref_id: z.string().optional(),
  balance_asset: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  destination_address: z.string().optional(),
  crypto_network: openEnum(CRYPTO_NETWORKS).optional(),
  crypto_tx_hash: z.string().optional(),
  crypto_tx_index: z.string().optional(),
  auto_conversion: AutoConversionSchema.nullable().optional(),
  group_id: z.string().optional(),
  fiat_account_id: z.string().optional(),
  secondary_status: SecondaryStatusSchema.nullable().optional(),
  notional_value: z.string().optional(),
  memo: z.string().optional(),
  status_details: StatusDetailsSchema.nullable().optional(),
});
export type Transfer = z.infer<typeof TransferSchema>;
