import { z } from 'zod';
import {
  CryptoNetworkSchema,
  FIAT_RULE_ACCOUNT_TYPES,
  FIAT_RULE_NETWORKS,
} from '../primitives/transfer-enums';
import { identifier, text } from '../primitives/identifier';

/*
 * Source and destination of orchestrations and orchestration rules. The spec lists the members
 * (crypto, fiat, profile) and their fields but not which are required; the console asks for exactly
 * one member. An orchestration's source names the address or instructions the funds come from; a
 * rule's source names the rail whose deposits it watches, and the service makes the address or
 * instructions itself (docs/decisions/002-orchestration-endpoints.md).
 */

const label = (name: string, help?: string, choices?: string, choiceMember?: string) => ({
  label: name,
  ...(help ? { help } : {}),
  ...(choices ? { choices } : {}),
  ...(choiceMember ? { choiceMember } : {}),
});

/** An address field a deposit address of the list can fill. */
const depositAddress = () => label('Address', undefined, 'listDepositAddresses', 'address');

export const SourceCryptoRequestSchema = z
  .strictObject({
    address_id: identifier('Source address id')
      .optional()
      .meta(label('Deposit address', undefined, 'listDepositAddresses')),
    address: text('Source address').optional().meta(depositAddress()),
    network: CryptoNetworkSchema.optional().meta(label('Network')),
  })
  .refine((v) => v.address_id !== undefined || v.address !== undefined, {
    error: 'Give the address id or the address of the crypto source',
    path: ['address_id'],
  });

export const SourceFiatRequestSchema = z.strictObject({
  deposit_instructions_id: identifier('Deposit instructions id').meta(
    label(
      'Deposit instructions',
      'The fiat deposit instructions that receive the funds',
      'listFiatDepositInstructions',
    ),
  ),
  network: text('Fiat network').optional().meta(label('Network', 'For example WIRE')),
  account_type: text('Account type').optional().meta(label('Account type')),
  memo_id: text('Memo id').optional().meta(label('Memo id')),
});

/** A rule watches a crypto network; an existing address may be named instead. */
export const RuleSourceCryptoRequestSchema = z
  .strictObject({
    network: CryptoNetworkSchema.optional().meta(
      label('Network', 'The rule matches deposits over this network'),
    ),
    address_id: identifier('Source address id')
      .optional()
      .meta(label('Deposit address', undefined, 'listDepositAddresses')),
    address: text('Source address').optional().meta(depositAddress()),
  })
  .refine((v) => v.network !== undefined || v.address_id !== undefined || v.address !== undefined, {
    error: 'Give the network whose deposits the rule watches',
    path: ['network'],
  });

/** A rule watches a fiat rail (network and account type), or existing deposit instructions. */
export const RuleSourceFiatRequestSchema = z
  .strictObject({
    network: z
      .enum(FIAT_RULE_NETWORKS, {
        error: `Network must be one of ${FIAT_RULE_NETWORKS.join(', ')}`,
      })
      .optional()
      .meta(label('Network', 'The fiat rail whose deposits the rule watches')),
    account_type: z
      .enum(FIAT_RULE_ACCOUNT_TYPES, {
        error: `Account type must be one of ${FIAT_RULE_ACCOUNT_TYPES.join(', ')}`,
      })
      .optional()
      .meta(label('Account type')),
    deposit_instructions_id: identifier('Deposit instructions id')
      .optional()
      .meta(
        label(
          'Deposit instructions',
          'Existing instructions, instead of a new rail',
          'listFiatDepositInstructions',
        ),
      ),
    memo_id: text('Memo id').optional().meta(label('Memo id')),
  })
  .superRefine((v, ctx) => {
    if (v.deposit_instructions_id !== undefined) return;
    for (const member of ['network', 'account_type'] as const) {
      if (v[member] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [member],
          message: `${member === 'network' ? 'Network' : 'Account type'} is required unless deposit instructions are named`,
        });
      }
    }
  });

export const ProfileRailSchema = z.strictObject({
  profile_id: identifier('Profile').meta(label('Profile', undefined, 'listProfiles')),
});

export const DestinationCryptoRequestSchema = z.strictObject({
  // Only an address the book holds APPROVED can be paid out to.
  address: text('Destination address').meta(
    label(
      'Address',
      'An APPROVED address of the destination book',
      'listCryptoDestinationAddresses',
      'address',
    ),
  ),
  network: CryptoNetworkSchema.meta(label('Network')),
});

export const DestinationFiatRequestSchema = z.strictObject({
  fiat_account_id: identifier('Fiat account id').meta(
    label('Fiat account', undefined, 'listFiatAccounts'),
  ),
  memo: text('Memo').optional().meta(label('Memo')),
});

/** The rail members in the order the UI offers them. */
export const RAILS = ['crypto', 'fiat', 'profile'] as const;
export type Rail = (typeof RAILS)[number];

function exactlyOneRail(side: 'source' | 'destination') {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const given = RAILS.filter((rail) => value[rail] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          given.length === 0
            ? `Choose where the funds ${side === 'source' ? 'come from' : 'go to'}: crypto, fiat or profile`
            : `Give only one of crypto, fiat or profile as the ${side}`,
      });
    }
  };
}

export const SourceRequestSchema = z
  .strictObject({
    crypto: SourceCryptoRequestSchema.optional().meta(label('Crypto')),
    fiat: SourceFiatRequestSchema.optional().meta(label('Fiat')),
    profile: ProfileRailSchema.optional().meta(label('Profile')),
  })
  .superRefine(exactlyOneRail('source'));
export type SourceRequest = z.infer<typeof SourceRequestSchema>;

/** The source of an orchestration rule: which deposits it matches, by rail. */
export const RuleSourceRequestSchema = z
  .strictObject({
    crypto: RuleSourceCryptoRequestSchema.optional().meta(label('Crypto')),
    fiat: RuleSourceFiatRequestSchema.optional().meta(label('Fiat')),
    profile: ProfileRailSchema.optional().meta(label('Profile')),
  })
  .superRefine(exactlyOneRail('source'));
export type RuleSourceRequest = z.infer<typeof RuleSourceRequestSchema>;

export const DestinationRequestSchema = z
  .strictObject({
    crypto: DestinationCryptoRequestSchema.optional().meta(label('Crypto')),
    fiat: DestinationFiatRequestSchema.optional().meta(label('Fiat')),
    profile: ProfileRailSchema.optional().meta(label('Profile')),
  })
  .superRefine(exactlyOneRail('destination'));
export type DestinationRequest = z.infer<typeof DestinationRequestSchema>;

/**
 * Responses: every member optional and unknown members kept, so a new rail never breaks the
 * console. What the service returns differs slightly from the requests (appendix): a fiat source
 * carries `memo`, a crypto destination `address_id`, a fiat destination may name the account
 * `bank_account_id`; that is read as `fiat_account_id` too.
 */
export const SourceSchema = z.looseObject({
  crypto: z
    .looseObject({ address_id: z.string(), address: z.string(), network: z.string() })
    .partial()
    .optional(),
  fiat: z
    .looseObject({
      deposit_instructions_id: z.string(),
      network: z.string(),
      account_type: z.string(),
      memo_id: z.string(),
      memo: z.string(),
    })
    .partial()
    .optional(),
  profile: z.looseObject({ profile_id: z.string() }).partial().optional(),
});
export type Source = z.infer<typeof SourceSchema>;

const DestinationFiatSchema = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const fiat = raw as Record<string, unknown>;
    return fiat.fiat_account_id === undefined && typeof fiat.bank_account_id === 'string'
      ? { ...fiat, fiat_account_id: fiat.bank_account_id }
      : fiat;
  },
  z
    .looseObject({ fiat_account_id: z.string(), bank_account_id: z.string(), memo: z.string() })
    .partial(),
);

export const DestinationSchema = z.looseObject({
  crypto: z
    .looseObject({ address: z.string(), network: z.string(), address_id: z.string() })
    .partial()
    .optional(),
  fiat: DestinationFiatSchema.optional(),
  profile: z.looseObject({ profile_id: z.string() }).partial().optional(),
});
export type Destination = z.infer<typeof DestinationSchema>;
