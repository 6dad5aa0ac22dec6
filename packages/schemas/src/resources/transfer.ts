import { z } from 'zod';
import {
  CRYPTO_NETWORKS,
  TRANSFER_DIRECTIONS,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  openEnum,
} from '../primitives/enums';
import { DateTimeSchema } from '../primitives/identifier';

/** Set when a transfer was cancelled for suspected system abuse. */
export const MaxRentExceededSchema = z.looseObject({
  message: z.string().optional(),
  destination_address: z.string().optional(),
});

/** Keyed by error type; only `max_rent_exceeded` is known, others are kept as they come. */
export const StatusDetailsSchema = z.looseObject({
  max_rent_exceeded: MaxRentExceededSchema.optional(),
});

/** Transfer: the response of Create Internal Transfer and Create Svc Transfer (the debit record). */
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
  auto_conversion: z.record(z.string(), z.unknown()).nullable().optional(),
  group_id: z.string().optional(),
  fiat_account_id: z.string().optional(),
  secondary_status: z.record(z.string(), z.unknown()).nullable().optional(),
  notional_value: z.string().optional(),
  memo: z.string().optional(),
  status_details: StatusDetailsSchema.nullable().optional(),
});
export type Transfer = z.infer<typeof TransferSchema>;
