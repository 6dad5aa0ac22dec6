/**
 * Password hashes by scrypt (node:crypto). The hash string carries its parameters and salt,
 * `scrypt$N=32768,r=8,p=1$<salt>$<hash>` (base64url), so that the cost can be raised later
 * without invalidating existing hashes.
 */
import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The cost for new hashes: about 50–100 ms and 32 MiB per hash on a server core. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Hashes a password for the users file.
 *
 * @example
 * const hash = await hashPassword('correct horse battery staple');
 */
export async function hashPassword(password: string, params = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const HASH_FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** The cost parameters of a hash; the default cost for anything else. */
export function hashParams(hash: string): ScryptParams {
  const match = HASH_FORMAT.exec(hash);
  if (!match) return DEFAULT_SCRYPT;
  return { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
}

/** True when the string is a hash this module can verify. */
export function isPasswordHash(hash: string): boolean {
  return HASH_FORMAT.test(hash);
}

/**
 * Checks a password against a hash in constant time. A malformed hash is a mismatch, never an
 * exception, so that sign-in answers the same for it.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(hash);
  if (!match) return false;
  const [, n, r, p, salt = '', expected = ''] = match;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const want = Buffer.from(expected, 'base64url');
  try {
    const got = await scrypt(password, Buffer.from(salt, 'base64url'), params);
    return got.length === want.length && timingSafeEqual(got, want);
  } catch {
    return false;
  }
}
