import { createHash } from 'node:crypto';

/**
 * The console's name for a person who signs in through the provider: `oidc:<issuer tag>:<sub>`.
 * The subject is unique only within its issuer, so the issuer is part of the name (ten hex
 * digits of its SHA-256, short enough for a journal column, and the same for every process); the
 * colon never appears in a local username, so it can never be mistaken for one.
 *
 * @example
 * ssoIdentity('https://idp.example.com', '00u1abcd'); // 'oidc:3f2a…:00u1abcd'
 */
export function ssoIdentity(issuer: string, subject: string): string {
  const tag = createHash('sha256').update(issuer, 'utf8').digest('hex').slice(0, 10);
  return `oidc:${tag}:${subject}`;
}
