import { createHash } from 'node:crypto';

/**
 * A ref_id derived from a name that says which intent it is (`<batch id>:<row>`, `<series
 * version>:<due instant>`): UUID-shaped from the name's SHA-256, with version 8 (RFC 9562's
 * custom version) and its variant, so the same intent always has the same one, within the
 * service's length limit, and no other intent or operator's send has it.
 */
export function derivedRefId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32);
  const version = `8${hex.slice(13, 16)}`;
  const variant = `${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}
