import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { PROFILE_TYPES } from '../primitives/identity-enums';

/** Profile: a set of balances of one customer (Get Profile, List Profiles). */
export const ProfileSchema = z.looseObject({
  id: z.string(),
  nickname: z.string(),
  type: openEnum(PROFILE_TYPES),
  description: z.string().optional(),
  account_id: z.string().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** One asset's balance of a profile: what new debits can use, and what open orders hold. */
export const ProfileBalanceSchema = z.looseObject({
  asset: z.string(),
  available: z.string(),
  trading: z.string(),
});
export type ProfileBalance = z.infer<typeof ProfileBalanceSchema>;
