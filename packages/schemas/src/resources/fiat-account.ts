import { z } from 'zod';
import { FIAT_ACCOUNT_STATUSES, openEnum } from '../primitives/enums';
import { DateTimeSchema, text } from '../primitives/identifier';
import { metadataSchema } from '../primitives/metadata';

/*
 * Fiat account members as Update Fiat Account sends them (strict: an unknown member is a typing
 * mistake, not something to pass on) and as the service answers them (loose: unknown members kept).
 */

const m = (label: string, help?: string) => ({ label, ...(help ? { help } : {}) });

export const AddressRequestSchema = z.strictObject({
  country: text('Country', 100).optional().meta(m('Country', 'ISO 3166 code such as US')),
  address1: text('Address line 1').optional().meta(m('Address line 1')),
  address2: text('Address line 2').optional().meta(m('Address line 2')),
  city: text('City', 100).optional().meta(m('City')),
  province: text('Province or state', 100).optional().meta(m('Province or state')),
  zip_code: text('Postal code', 20).optional().meta(m('Postal code')),
});

export const RoutingDetailsRequestSchema = z.strictObject({
  routing_number_type: text('Routing number type', 50)
    .optional()
    .meta(m('Routing number type', 'For example ABA or SWIFT')),
  routing_number: text('Routing number', 50).optional().meta(m('Routing number')),
  bank_name: text('Bank name').optional().meta(m('Bank name')),
  bank_address: AddressRequestSchema.optional().meta(m('Bank address')),
});

export const WireRequestSchema = z.strictObject({
  account_number: text('Account number', 50).optional().meta(m('Account number')),
  fiat_account_owner_address: AddressRequestSchema.optional().meta(m('Owner address')),
  routing_details: RoutingDetailsRequestSchema.optional().meta(m('Routing details')),
});

export const FiatNetworkInstructionsRequestSchema = z.strictObject({
  wire: WireRequestSchema.optional().meta(m('Wire')),
  status: text('Instructions status', 50).optional().meta(m('Instructions status')),
  metadata: metadataSchema('Instructions metadata').optional().meta(m('Instructions metadata')),
});

export const PersonDetailsRequestSchema = z.strictObject({
  first_name: text('First name', 100).optional().meta(m('First name')),
  last_name: text('Last name', 100).optional().meta(m('Last name')),
});

export const FiatAccountOwnerRequestSchema = z.strictObject({
  person_details: PersonDetailsRequestSchema.optional().meta(m('Person details')),
  fiat_network_instructions: FiatNetworkInstructionsRequestSchema.optional().meta(
    m('Owner network instructions'),
  ),
});

const AddressSchema = z
  .looseObject({
    country: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    province: z.string(),
    zip_code: z.string(),
  })
  .partial();

export const FiatNetworkInstructionsSchema = z.looseObject({
  wire: z
    .looseObject({
      account_number: z.string(),
      fiat_account_owner_address: AddressSchema,
      routing_details: z
        .looseObject({
          routing_number_type: z.string(),
          routing_number: z.string(),
          bank_name: z.string(),
          bank_address: AddressSchema,
        })
        .partial(),
    })
    .partial()
    .optional(),
  status: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** Fiat account: the response of Update Fiat Account. */
export const FiatAccountSchema = z.looseObject({
  id: z.string(),
  fiat_network_instructions: FiatNetworkInstructionsSchema,
  status: openEnum(FIAT_ACCOUNT_STATUSES),
  created_at: DateTimeSchema,
  ref_id: z.string().optional(),
  identity_id: z.string().optional(),
  account_id: z.string().optional(),
  fiat_account_owner: z
    .looseObject({
      person_details: z.looseObject({ first_name: z.string(), last_name: z.string() }).partial(),
      fiat_network_instructions: FiatNetworkInstructionsSchema,
    })
    .partial()
    .optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  updated_at: DateTimeSchema.optional(),
});
export type FiatAccount = z.infer<typeof FiatAccountSchema>;
