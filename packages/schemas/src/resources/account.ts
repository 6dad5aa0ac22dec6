import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { ACCOUNT_TYPES, IDENTITY_STATUSES } from '../primitives/identity-enums';
import { DateTimeSchema } from '../primitives/identifier';

/** A further identity with access to an account. */
export const AccountMemberSchema = z
  .looseObject({ id: z.string(), identity_id: z.string(), roles: z.array(z.string()) })
  .partial();

/**
 * Account: belongs to one primary identity (`identity_id`) and groups what it holds; members are
 * further identities with access. No member is marked required.
 */
export const AccountSchema = z
  .looseObject({
    id: z.string(),
    identity_id: z.string(),
    description: z.string(),
    type: openEnum(ACCOUNT_TYPES),
    summary_status: openEnum(IDENTITY_STATUSES),
    profile_id: z.string(),
    members: z.array(AccountMemberSchema),
    admin_disabled: z.boolean(),
    user_disabled: z.boolean(),
    ref_id: z.string(),
    metadata: z.record(z.string(), z.string()),
    created_at: DateTimeSchema,
    updated_at: DateTimeSchema,
  })
  .partial();
export type Account = z.infer<typeof AccountSchema>;
