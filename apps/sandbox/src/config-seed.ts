import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  CRYPTO_DESTINATION_ADDRESS_STATUSES,
  CryptoNetworkSchema,
  DECIMAL_PATTERN,
  FIAT_DEPOSIT_INSTRUCTIONS_STATUSES,
  IDENTITY_CONTROL_REASON_CODES,
  IDENTITY_CONTROL_SET_BY,
  IDENTITY_CONTROL_TYPES,
  IDENTITY_REQUIREMENT_ACTORS,
  IDENTITY_REQUIREMENT_STATUSES,
  IDENTITY_REQUIREMENT_TYPES,
  IDENTITY_STATUSES,
  IDENTITY_TYPES,
  MARKET_STATUS_REASONS,
  MARKET_TRADING_STATUSES,
  MarketSchema,
  TRANSFER_TYPES,
} from '@console/schemas';

/*
 * The `seed` member of the sandbox's configuration (README "Configuration"): what a sandbox
 * starts with instead of the demo seed. Validated at start-up; every bad member is named.
 */

const decimal = z.string().regex(DECIMAL_PATTERN, 'must be a decimal string such as 12.50');
const id = z.string().min(1, 'must be a non-empty string');
const asset = z.string().regex(/^[A-Z0-9]{1,20}$/, 'must be an asset code');
const texts = z.record(z.string(), z.string());

const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time' });

/**
 * An active control (appendix B, IdentityControl); its id and creation time are made when it is
 * set. Set by the service unless said otherwise; not overridable unless said.
 */
export const ControlSchema = z.strictObject({
  type: z.enum(IDENTITY_CONTROL_TYPES),
  set_by: z.enum(IDENTITY_CONTROL_SET_BY).optional(),
  is_overridable: z.boolean().optional(),
  reason_code: z.enum(IDENTITY_CONTROL_REASON_CODES).optional(),
  reason: z.string().min(1).optional(),
});

/** What is still needed for approval (appendix B, IdentityRequirement); PENDING unless said. */
const RequirementSchema = z.strictObject({
  type: z.enum(IDENTITY_REQUIREMENT_TYPES),
  errors: z
    .array(z.strictObject({ code: z.string().min(1), description: z.string().optional() }))
    .optional(),
  status: z.enum(IDENTITY_REQUIREMENT_STATUSES).optional(),
  awaiting_action_from: z.enum(IDENTITY_REQUIREMENT_ACTORS).optional(),
});

/** A market's status where it is not AVAILABLE on both sides, or has maintenance planned. */
const MarketStatusSeedSchema = z.strictObject({
  market: MarketSchema,
  buy_status: z.enum(MARKET_TRADING_STATUSES).optional(),
  sell_status: z.enum(MARKET_TRADING_STATUSES).optional(),
  buy_reason: z.enum(MARKET_STATUS_REASONS).optional(),
  sell_reason: z.enum(MARKET_STATUS_REASONS).optional(),
  scheduled_maintenance: z
    .array(
      z.strictObject({ starts_at: dateTime, ends_at: dateTime, recurrence: z.string().optional() }),
    )
    .optional(),
});

const IdentitySeedSchema = z.strictObject({
  id,
  type: z.enum(IDENTITY_TYPES).optional(),
  /** APPROVED when omitted. */
  summary_status: z.enum(IDENTITY_STATUSES).optional(),
  controls: z.array(ControlSchema).optional(),
  requirements: z.array(RequirementSchema).optional(),
  person_details: z.record(z.string(), z.unknown()).optional(),
  institution_details: z.record(z.string(), z.unknown()).optional(),
  institution_members: z
    .array(z.strictObject({ identity_id: id, roles: z.array(z.string()).optional() }))
    .optional(),
  ref_id: z.string().optional(),
  metadata: texts.optional(),
  /** Accounts the identity may act for: it is their primary identity, or a member of those with one. */
  account_ids: z.array(id).optional(),
});

const AccountSeedSchema = z.strictObject({
  id,
  /** The primary identity. */
  identity_id: id.optional(),
  type: z.enum(ACCOUNT_TYPES).optional(),
  description: z.string().optional(),
  summary_status: z.enum(IDENTITY_STATUSES).optional(),
  profile_id: id.optional(),
  members: z
    .array(z.strictObject({ identity_id: id, roles: z.array(z.string()).optional() }))
    .optional(),
  ref_id: z.string().optional(),
  metadata: texts.optional(),
});

const DepositInstructionsSeedSchema = z.strictObject({
  id,
  profile_id: id,
  asset: z.string().optional(),
  /** WIRE, CUBIX or DBS_ACT (deposits to DBS_ACT instructions are ACT deposits). */
  network: z.string().optional(),
  identity_id: id.optional(),
  account_id: id.optional(),
  status: z.enum(FIAT_DEPOSIT_INSTRUCTIONS_STATUSES).optional(),
  memo_id: z.string().min(1).optional(),
  ref_id: z.string().optional(),
});

const DestinationAddressSeedSchema = z.strictObject({
  id,
  crypto_network: CryptoNetworkSchema,
  address: z.string().min(1),
  identity_id: id.optional(),
  nickname: z.string().optional(),
  status: z.enum(CRYPTO_DESTINATION_ADDRESS_STATUSES).optional(),
  bookmarked: z.boolean().optional(),
});

const TransferLimitSeedSchema = z.strictObject({
  /** Absent for a single-transaction limit (`period_seconds` 0). */
  id: id.optional(),
  rule_id: id.optional(),
  transfer_types: z.array(z.enum(TRANSFER_TYPES)).min(1),
  period_seconds: z.number().int().min(0),
  limit: decimal,
  limit_asset: z.literal('USD').optional(),
});

export const SeedSchema = z.strictObject({
  customer_id: id.optional(),
  /** The identity that stands for the client itself (its own deposit instructions); else the customer id. */
  house_identity_id: id.optional(),
  profiles: z.array(
    z.strictObject({
      id,
      nickname: z.string().optional(),
      type: z.enum(['NORMAL', 'DEFAULT']).optional(),
      description: z.string().optional(),
      account_id: id.optional(),
      deactivated: z.boolean().optional(),
      balances: z.record(asset, decimal).optional(),
    }),
  ),
  identities: z.array(IdentitySeedSchema).optional(),
  accounts: z.array(AccountSeedSchema).optional(),
  fiat_accounts: z
    .array(
      z.strictObject({
        id,
        profile_id: id.optional(),
        record: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  deposit_instructions: z.array(DepositInstructionsSeedSchema).optional(),
  destination_addresses: z.array(DestinationAddressSeedSchema).optional(),
  transfer_limits: z.array(TransferLimitSeedSchema).optional(),
  markets: z.array(MarketStatusSeedSchema).optional(),
});

/** Seed data replacing the demo seed (README "Configuration"). Amounts are decimal strings. */
export type SandboxSeed = z.input<typeof SeedSchema>;
