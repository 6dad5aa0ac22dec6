import { z } from 'zod';
import {
  IDENTITY_CONTROL_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
  openEnum,
} from '../primitives/enums';
import { DateTimeSchema } from '../primitives/identifier';

/** An active control on an identity: FROZEN and CLOSED stop it transacting, SELL_ONLY all but sells. */
export const IdentityControlSchema = z.looseObject({
  type: openEnum(IDENTITY_CONTROL_TYPES),
  reason_code: z.string().optional(),
});
export type IdentityControl = z.infer<typeof IdentityControlSchema>;

/*
 * Personal details are personal data: the service leaves them out unless Get Identity asks with
 * `include_details`, and the BFF masks them for the roles that may not see them. Every member is
 * optional and unknown ones are kept, so a new field never breaks the console.
 */
export const PersonDetailsSchema = z
  .looseObject({
    first_name: z.string(),
    last_name: z.string(),
    middle_name: z.string(),
    date_of_birth: z.string(),
    email: z.string(),
    phone_number: z.string(),
    nationality: z.string(),
    address: z.unknown(),
  })
  .partial();

export const InstitutionDetailsSchema = z
  .looseObject({
    name: z.string(),
    doing_business_as: z.string(),
    business_address: z.unknown(),
    email: z.string(),
    phone_number: z.string(),
    institution_type: z.string(),
  })
  .partial();

/** Identity: a person or an institution on whose behalf the client acts (only `id` is required). */
export const IdentitySchema = z.looseObject({
  id: z.string(),
  type: openEnum(IDENTITY_TYPES).optional(),
  summary_status: openEnum(IDENTITY_STATUSES).optional(),
  status: openEnum(IDENTITY_STATUSES).optional(),
  status_details: z
    .looseObject({
      active_controls: z.array(IdentityControlSchema),
      requirements: z.array(z.unknown()),
    })
    .partial()
    .optional(),
  person_details: PersonDetailsSchema.optional(),
  institution_details: InstitutionDetailsSchema.optional(),
  ref_id: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  created_at: DateTimeSchema.optional(),
  updated_at: DateTimeSchema.optional(),
});
export type Identity = z.infer<typeof IdentitySchema>;
