import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { CONVERSION_TARGET_ASSETS, CRYPTO_NETWORKS } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';

/** Deposit address: the response of Create Deposit Address. */
export const DepositAddressSchema = z.looseObject({
  id: z.string(),
  profile_id: z.string(),
  customer_id: z.string(),
  crypto_network: openEnum(CRYPTO_NETWORKS),
  address: z.string(),
  conversion_target_asset: openEnum(CONVERSION_TARGET_ASSETS),
  created_at: DateTimeSchema,
  identity_id: z.string().optional(),
  ref_id: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  account_id: z.string().optional(),
  compatible_crypto_networks: z.array(openEnum(CRYPTO_NETWORKS)).optional(),
});
export type DepositAddress = z.infer<typeof DepositAddressSchema>;
