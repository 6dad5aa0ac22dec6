import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { FIAT_DEPOSIT_INSTRUCTIONS_STATUSES } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';
import { FiatAccountOwnerSchema, FiatNetworkInstructionsSchema } from './fiat-account';

/**
 * Fiat deposit instructions: how a payer wires money into a profile, quoting `memo_id`. The
 * `deposit_instructions_id` of a fiat orchestration source is one of these.
 */
export const FiatDepositInstructionsSchema = z.looseObject({
  id: z.string(),
  profile_id: z.string(),
  identity_id: z.string(),
  account_id: z.string().optional(),
  ref_id: z.string().optional(),
  status: openEnum(FIAT_DEPOSIT_INSTRUCTIONS_STATUSES),
  memo_id: z.string(),
  fiat_network_instructions: FiatNetworkInstructionsSchema,
  fiat_account_owner: FiatAccountOwnerSchema.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  created_at: DateTimeSchema,
});
export type FiatDepositInstructions = z.infer<typeof FiatDepositInstructionsSchema>;
