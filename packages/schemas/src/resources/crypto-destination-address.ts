import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { CRYPTO_DESTINATION_ADDRESS_STATUSES, CRYPTO_NETWORKS } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';

/**
 * An address of the service's book of external crypto addresses that withdrawals and
 * orchestrations pay out to; only an APPROVED one can be paid out to.
 */
export const CryptoDestinationAddressSchema = z.looseObject({
  id: z.string(),
  crypto_network: openEnum(CRYPTO_NETWORKS),
  address: z.string(),
  /** The identity the address is scoped to; absent for the client's own addresses. */
  identity_id: z.string().optional(),
  nickname: z.string().optional(),
  status: openEnum(CRYPTO_DESTINATION_ADDRESS_STATUSES).optional(),
  bookmarked: z.boolean().optional(),
  created_at: DateTimeSchema.optional(),
  policy_execution_id: z.string().optional(),
  travelrule_metadata: z.unknown().optional(),
});
export type CryptoDestinationAddress = z.infer<typeof CryptoDestinationAddressSchema>;
