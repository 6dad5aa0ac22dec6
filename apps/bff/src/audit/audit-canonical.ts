/**
 * The canonical JSON of the audit trail (ADR 022), the TypeScript twin of `audit_canonical` in
 * migration 016: a flat object, keys in code-point order, no whitespace, strings escaped as
 * `JSON.stringify` escapes them. Values are strings, safe integers, booleans or null: decimals
 * and timestamps are strings (timestamps UTC ISO 8601 with `Z`), so no number is ever rounded.
 */
import { hash } from 'node:crypto';

export type CanonicalValue = string | number | boolean | null;

/** The hash a chain starts from: the "previous hash" of its first record. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * @example
 * canonicalJson({ b: '1.50', a: null }); // '{"a":null,"b":"1.50"}'
 */
export function canonicalJson(fields: Record<string, CanonicalValue>): string {
  const keys = Object.keys(fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts = keys.map((key) => {
    const value = fields[key];
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new TypeError(`${key}: only safe integers are numbers in the canonical form`);
    }
    return `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  });
  return `{${parts.join(',')}}`;
}

/**
 * A record's hash: SHA-256 (hex) of the previous hash, a newline and the content's UTF-8.
 * One-shot `hash` (a string is hashed as UTF-8): verification hashes every record, and a `Hash`
 * object per record cost half as much again (issue 57).
 */
export function recordHash(prevHash: string, content: string): string {
  return hash('sha256', `${prevHash}\n${content}`, 'hex');
}
