/**
 * The audit trail's hashes (ADR 022). Its records are canonical JSON (`canonicalJson` of
 * @console/schemas, re-exported here for the trail's modules).
 */
import { hash } from 'node:crypto';

export { canonicalJson, type CanonicalValue } from '@console/schemas';

/** The hash a chain starts from: the "previous hash" of its first record. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * A record's hash: SHA-256 (hex) of the previous hash, a newline and the content's UTF-8.
 * One-shot `hash` (a string is hashed as UTF-8): verification hashes every record, and a `Hash`
 * object per record cost half as much again (issue 57).
 */
export function recordHash(prevHash: string, content: string): string {
  return hash('sha256', `${prevHash}\n${content}`, 'hex');
}
