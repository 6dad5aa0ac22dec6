/**
 * The ID token at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the browser's cookie
 * value, which the database never holds (only its SHA-256). A copy of the database therefore
 * holds no usable ID token; the request that carries the cookie, and only it, can open it again
 * for the provider's logout.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keyFrom = (cookieValue: string) =>
  Buffer.from(hkdfSync('sha256', cookieValue, 'console-sealed-id-token', 'id_token_hint', 32));

/** Seals `text` with the key of `cookieValue`. */
export function seal(cookieValue: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(cookieValue), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** Opens what `seal` made with the same cookie value; undefined for anything else. */
export function unseal(cookieValue: string, sealed: string): string | undefined {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !body) return undefined;
  try {
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFrom(cookieValue),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
