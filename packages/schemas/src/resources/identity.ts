import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import {
  IDENTITY_CONTROL_REASON_CODES,
  IDENTITY_CONTROL_SET_BY,
  IDENTITY_CONTROL_TYPES,
  IDENTITY_REQUIREMENT_ACTORS,
  IDENTITY_REQUIREMENT_STATUSES,
  IDENTITY_REQUIREMENT_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
} from '../primitives/identity-enums';
import { DateTimeSchema } from '../primitives/identifier';

/**
 * An active control on an identity (appendix B, IdentityControl): FROZEN and CLOSED stop it
 * transacting, SELL_ONLY all but sells. `id`, `type`, `set_by` and `created_at` are required, so
 * an answer without them is a drift the console reports rather than a control it cannot name.
 * Enums stay open: a new reason or setter shows as the service wrote it.
 */
export const IdentityControlSchema = z.looseObject({
  id: z.string(),
  type: openEnum(IDENTITY_CONTROL_TYPES),
  set_by: openEnum(IDENTITY_CONTROL_SET_BY),
  is_overridable: z.boolean().optional(),
  reason_code: openEnum(IDENTITY_CONTROL_REASON_CODES).optional(),
  /** Free text from whoever set it. */
  reason: z.string().optional(),
  created_at: DateTimeSchema,
  deleted_at: DateTimeSchema.optional(),
});
export type IdentityControl = z.infer<typeof IdentityControlSchema>;

/** One error of a requirement; `description` is context for operators, not for end users. */
export const IdentityRequirementErrorSchema = z.looseObject({
  code: z.string(),
  description: z.string().optional(),
});

/**
 * What an identity still needs before approval (appendix B, IdentityRequirement): `type`,
 * `errors` and `status` are required; `awaiting_action_from` is absent for MEMBERS, where each
 * member identity carries its own.
 */
export const IdentityRequirementSchema = z.looseObject({
  type: openEnum(IDENTITY_REQUIREMENT_TYPES),
  errors: z.array(IdentityRequirementErrorSchema),
  status: openEnum(IDENTITY_REQUIREMENT_STATUSES),
  awaiting_action_from: openEnum(IDENTITY_REQUIREMENT_ACTORS).optional(),
});
export type IdentityRequirement = z.infer<typeof IdentityRequirementSchema>;

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
      requirements: z.array(IdentityRequirementSchema),
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
