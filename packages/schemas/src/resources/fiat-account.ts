import { z } from 'zod';
import { openEnum } from '../primitives/enums';
import { FIAT_ACCOUNT_STATUSES, ROUTING_NUMBER_TYPES } from '../primitives/transfer-enums';
import { DateTimeSchema } from '../primitives/identifier';
import { metadataSchema } from '../primitives/metadata';

/*
 * Fiat account members as Update Fiat Account sends them (strict: an unknown member is a typing
 * mistake, not something to pass on) and as the service answers them (loose: unknown members kept).
 */

const m = (label: string, help?: string) => ({ label, ...(help ? { help } : {}) });

/*
 * In an update the service ignores `null` and empty strings: they neither clear nor change a
 * member (svc-api.md appendix). The console refuses them, saying so, rather than let an operator
 * believe a field was cleared; the sandbox, like the service, drops them before it looks.
 */
const blank = (label: string) =>
  `${label} cannot be emptied: the service ignores an empty value; leave the field out to keep it`;

function member(label: string, max = 200) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required`
          : issue.input === null
            ? blank(label)
            : `${label} must be text`,
    })
    .min(1, { error: blank(label) })
    .max(max, { error: `${label} can have at most ${max} characters` });
}

function section<Shape extends z.ZodRawShape>(label: string, shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => (issue.input === null ? blank(label) : `${label} must be an object`),
  });
}

/** The characters an address field may hold (svc-api.md appendix, "Address fields"). */
export const ADDRESS_CHARACTERS = /^[0-9A-Za-z /?:().,&'+-]*$/;
/** The most characters an address field may hold. */
export const ADDRESS_FIELD_MAX = 35;

function addressField(label: string) {
  return member(label, ADDRESS_FIELD_MAX).regex(ADDRESS_CHARACTERS, {
    error: `${label} may hold only letters, digits, spaces and / ? : ( ) . , & ' + -`,
  });
}

/** An address: `country` always, each field at most 35 characters of the service's set. */
export const AddressRequestSchema = section('Address', {
  country: addressField('Country').meta(m('Country', 'ISO 3166 code such as US')),
  address1: addressField('Address line 1').optional().meta(m('Address line 1')),
  address2: addressField('Address line 2').optional().meta(m('Address line 2')),
  city: addressField('City').optional().meta(m('City')),
  province: addressField('Province or state').optional().meta(m('Province or state')),
  zip_code: addressField('Postal code').optional().meta(m('Postal code')),
});

export const RoutingDetailsRequestSchema = section('Routing details', {
  routing_number_type: z
    .enum(ROUTING_NUMBER_TYPES, { error: 'Routing number type must be ABA or SWIFT' })
    .optional()
    .meta(m('Routing number type', 'ABA or SWIFT')),
  routing_number: member('Routing number', 50).optional().meta(m('Routing number')),
  bank_name: member('Bank name').optional().meta(m('Bank name')),
  bank_address: AddressRequestSchema.optional().meta(m('Bank address')),
});

export const WireRequestSchema = section('Wire', {
  account_number: member('Account number', 50).optional().meta(m('Account number')),
  fiat_account_owner_address: AddressRequestSchema.optional().meta(m('Owner address')),
  routing_details: RoutingDetailsRequestSchema.optional().meta(m('Routing details')),
  intermediary_routing_details: RoutingDetailsRequestSchema.optional().meta(
    m('Intermediary routing details', 'The intermediary bank, when the wire goes through one'),
  ),
});

const accountNumber = () => member('Account number', 50).optional().meta(m('Account number'));

/** The rails of `fiat_network_instructions` besides wire (svc-api.md appendix, "Fiat account"). */
export const FIAT_RAILS = ['wire', 'cbit', 'dbs_act', 'cubix', 'scb', 'rtp'] as const;

export const FiatNetworkInstructionsRequestSchema = section('Network instructions', {
  wire: WireRequestSchema.optional().meta(m('Wire')),
  cbit: section('CBIT', {
    wallet_address: member('Wallet address').optional().meta(m('Wallet address')),
  })
    .optional()
    .meta(m('CBIT')),
  dbs_act: section('DBS ACT', { account_number: accountNumber() }).optional().meta(m('DBS ACT')),
  cubix: section('CUBIX', {
    account_id: member('CUBIX account id', 100).optional().meta(m('CUBIX account id')),
  })
    .optional()
    .meta(m('CUBIX')),
  scb: section('SCB', { account_number: accountNumber() }).optional().meta(m('SCB')),
  rtp: section('RTP', {
    account_number: accountNumber(),
    routing_details: RoutingDetailsRequestSchema.optional().meta(m('Routing details')),
    fiat_account_owner_address: AddressRequestSchema.optional().meta(m('Owner address')),
  })
    .optional()
    .meta(m('RTP')),
  status: member('Instructions status', 50).optional().meta(m('Instructions status')),
  metadata: metadataSchema('Instructions metadata').optional().meta(m('Instructions metadata')),
}).refine((v) => FIAT_RAILS.filter((rail) => v[rail] !== undefined).length <= 1, {
  error: 'Give the instructions of one rail only: wire, cbit, dbs_act, cubix, scb or rtp',
});

export const PersonDetailsRequestSchema = section('Person details', {
  first_name: member('First name', 100).optional().meta(m('First name')),
  last_name: member('Last name', 100).optional().meta(m('Last name')),
});

export const InstitutionDetailsRequestSchema = section('Institution details', {
  name: member('Institution name').optional().meta(m('Institution name')),
});

/**
 * The owner is a person or an institution, never both; an update changes the details of the kind
 * the account has (the service refuses a switch).
 */
export const FiatAccountOwnerRequestSchema = section('Account owner', {
  person_details: PersonDetailsRequestSchema.optional().meta(m('Person details')),
  institution_details: InstitutionDetailsRequestSchema.optional().meta(m('Institution details')),
  fiat_network_instructions: FiatNetworkInstructionsRequestSchema.optional().meta(
    m('Owner network instructions'),
  ),
}).refine((v) => v.person_details === undefined || v.institution_details === undefined, {
  error: 'The owner is a person or an institution: give person details or institution details',
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

const RoutingDetailsSchema = z
  .looseObject({
    routing_number_type: z.string(),
    routing_number: z.string(),
    bank_name: z.string(),
    bank_address: AddressSchema,
  })
  .partial();

const accountNumberOnly = z.looseObject({ account_number: z.string() }).partial();

/**
 * The rails of a fiat account as the service answers them. An account holds one of them; a List
 * Fiat Accounts answer shows only the last four digits of the account number (`XXXX5678`).
 */
export const FiatNetworkInstructionsSchema = z.looseObject({
  wire: z
    .looseObject({
      account_number: z.string(),
      fiat_account_owner_address: AddressSchema,
      routing_details: RoutingDetailsSchema,
      intermediary_routing_details: RoutingDetailsSchema,
    })
    .partial()
    .optional(),
  cbit: z.looseObject({ wallet_address: z.string() }).partial().optional(),
  dbs_act: accountNumberOnly.optional(),
  cubix: z.looseObject({ account_id: z.string() }).partial().optional(),
  scb: accountNumberOnly.optional(),
  rtp: z
    .looseObject({
      account_number: z.string(),
      routing_details: RoutingDetailsSchema,
      fiat_account_owner_address: AddressSchema,
    })
    .partial()
    .optional(),
  status: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** The owner: a person or an institution (the list leaves the name out). */
export const FiatAccountOwnerSchema = z
  .looseObject({
    person_details: z.looseObject({ first_name: z.string(), last_name: z.string() }).partial(),
    institution_details: z.looseObject({ name: z.string() }).partial(),
    fiat_network_instructions: FiatNetworkInstructionsSchema,
  })
  .partial();

/** Fiat account: the answer of Update and Get Fiat Account, and each listed one (masked). */
export const FiatAccountSchema = z.looseObject({
  id: z.string(),
  fiat_network_instructions: FiatNetworkInstructionsSchema,
  status: openEnum(FIAT_ACCOUNT_STATUSES),
  created_at: DateTimeSchema,
  ref_id: z.string().optional(),
  identity_id: z.string().optional(),
  account_id: z.string().optional(),
  fiat_account_owner: FiatAccountOwnerSchema.optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  updated_at: DateTimeSchema.optional(),
});
export type FiatAccount = z.infer<typeof FiatAccountSchema>;

/**
 * The members of a fiat account that Update Fiat Account changes: what an edit compares, and what
 * "the account changed since the request was made" looks at (not its status or times).
 */
export const FIAT_ACCOUNT_UPDATE_MEMBERS = [
  'fiat_account_owner',
  'fiat_network_instructions',
  'metadata',
] as const;
