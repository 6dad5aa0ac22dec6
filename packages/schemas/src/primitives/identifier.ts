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

/** What an asset code is: capitals and digits (USD, BTC, PAXG). */
export const ASSET_CODE_PATTERN = /^[A-Z0-9]{1,20}$/;

/** An asset code such as USD, BTC or PAXG. The spec says "string"; codes are capitals and digits. */
export function assetCode(label = 'Asset') {
  return z.string({ error: requiredOr(label, `${label} must be text`) }).regex(ASSET_CODE_PATTERN, {
    error: `${label} must be an asset code such as USD or BTC (capital letters and digits)`,
  });
}

/** Eight, four, four, four and twelve hex digits: a UUID of any version, as the service spells them. */
export const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * A record's UUID, as the spec gives path parameters (a profile, a fiat account). Path
 * parameters become a segment of the service's URL, so nothing but a UUID may pass: `..`, a
 * slash, a percent sign, a space or a NUL would change which endpoint receives the request.
 */
export function uuid(label: string) {
  return z
    .string({ error: requiredOr(label, `${label} must be text`) })
    .min(1, { error: `${label} is required`, abort: true })
    .regex(UUID_PATTERN, {
      error: `${label} must be a UUID such as 5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01`,
    });
}
