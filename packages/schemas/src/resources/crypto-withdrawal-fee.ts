import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { CRYPTO_NETWORKS } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';

/** Crypto withdrawal fee: a guaranteed fee quote, valid until `expires_at`. */
export const CryptoWithdrawalFeeSchema = z.looseObject({
  id: z.string(),
  fee: z.string(),
  asset: z.string(),
  expires_at: DateTimeSchema,
  destination_address: z.string(),
  crypto_network: openEnum(CRYPTO_NETWORKS),
  amount: z.string().optional(),
  total: z.string().optional(),
});
export type CryptoWithdrawalFee = z.infer<typeof CryptoWithdrawalFeeSchema>;
