import { z } from 'zod';
import { requiredOr } from './messages';

/**
 * An identifier of a profile, identity, account, fiat account or similar record.
 * The spec only says "string"; the console also refuses empty values and stray spaces,
 * which are always typing mistakes and would otherwise reach the service.
 */
export function identifier(label: string) {
  return z
    .string({ error: requiredOr(label, `${label} must be text`) })
    .min(1, { error: `${label} is required` })
    .max(200, { error: `${label} can have at most 200 characters` })
    .refine((value) => value.trim() === value, {
      error: `${label} cannot start or end with a space`,
    });
}

/** Free text that the service stores (a nickname, a memo): refused only when empty. */
export function text(label: string, max = 200) {
  return z
    .string({ error: requiredOr(label, `${label} must be text`) })
    .min(1, { error: `${label} cannot be empty` })
    .max(max, { error: `${label} can have at most ${max} characters` });
}

/** A response timestamp: RFC 3339 text. Kept as text so that the console shows what the service said. */
export const DateTimeSchema = z.string();

/** An asset code such as USD, BTC or PAXG. The spec says "string"; codes are capitals and digits. */
export function assetCode(label = 'Asset') {
  return z.string({ error: requiredOr(label, `${label} must be text`) }).regex(/^[A-Z0-9]{1,20}$/, {
    error: `${label} must be an asset code such as USD or BTC (capital letters and digits)`,
  });
}
