import { z } from 'zod';
import { CryptoNetworkSchema } from '../primitives/enums';
import { identifier, text } from '../primitives/identifier';

/*
 * Source and destination of orchestrations and orchestration rules. The spec lists the members
 * (crypto, fiat, profile) and their fields but not which are required; the console asks for exactly
 * one member and for the field that identifies it (docs/decisions/002-orchestration-endpoints.md).
 */

const label = (name: string, help?: string) => ({ label: name, ...(help ? { help } : {}) });

export const SourceCryptoRequestSchema = z
  .strictObject({
    address_id: identifier('Source address id').optional().meta(label('Address id')),
    address: text('Source address').optional().meta(label('Address')),
    network: CryptoNetworkSchema.optional().meta(label('Network')),
  })
  .refine((v) => v.address_id !== undefined || v.address !== undefined, {
    error: 'Give the address id or the address of the crypto source',
    path: ['address_id'],
  });

export const SourceFiatRequestSchema = z.strictObject({
  deposit_instructions_id: identifier('Deposit instructions id').meta(
    label('Deposit instructions id', 'The fiat deposit instructions that receive the funds'),
  ),
  network: text('Fiat network').optional().meta(label('Network', 'For example WIRE')),
  account_type: text('Account type').optional().meta(label('Account type')),
  memo_id: text('Memo id').optional().meta(label('Memo id')),
});

export const ProfileRailSchema = z.strictObject({
  profile_id: identifier('Profile id').meta(label('Profile id')),
});

export const DestinationCryptoRequestSchema = z.strictObject({
  address: text('Destination address').meta(label('Address')),
  network: CryptoNetworkSchema.meta(label('Network')),
});

export const DestinationFiatRequestSchema = z.strictObject({
  fiat_account_id: identifier('Fiat account id').meta(label('Fiat account id')),
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

export const DestinationRequestSchema = z
  .strictObject({
    crypto: DestinationCryptoRequestSchema.optional().meta(label('Crypto')),
    fiat: DestinationFiatRequestSchema.optional().meta(label('Fiat')),
    profile: ProfileRailSchema.optional().meta(label('Profile')),
  })
  .superRefine(exactlyOneRail('destination'));
export type DestinationRequest = z.infer<typeof DestinationRequestSchema>;

/** Responses: every member optional and unknown members kept, so a new rail never breaks the console. */
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
    })
    .partial()
    .optional(),
  profile: z.looseObject({ profile_id: z.string() }).partial().optional(),
});
export type Source = z.infer<typeof SourceSchema>;

export const DestinationSchema = z.looseObject({
  crypto: z.looseObject({ address: z.string(), network: z.string() }).partial().optional(),
  fiat: z.looseObject({ fiat_account_id: z.string(), memo: z.string() }).partial().optional(),
  profile: z.looseObject({ profile_id: z.string() }).partial().optional(),
});
export type Destination = z.infer<typeof DestinationSchema>;
