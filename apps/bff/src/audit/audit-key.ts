/**
 * The audit key (ADR 022): an Ed25519 key of its own, apart from the service signing key, that
 * signs the chains' checkpoints and the exports. Its private half is read from
 * `AUDIT_SIGNING_KEY_FILE` and never leaves this module; its public half and Key ID (the RFC 7638
 * thumbprint) are what an auditor verifies with.
 */
import { createPrivateKey, createPublicKey, sign as signBytes, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  CompactSign,
  calculateJwkThumbprint,
  compactVerify,
  decodeProtectedHeader,
  type JWK,
} from 'jose';

export interface AuditKey {
  readonly kid: string;
  /** The public key as SPKI PEM, to hand to whoever verifies. */
  readonly publicKeyPem: string;
  readonly publicKey: KeyObject;
  /** A compact JWS (EdDSA) over `payload`, with `kid` and `typ` in its protected header. */
  sign(payload: Uint8Array, typ: string): Promise<string>;
  /**
   * The detached form of the same JWS (`header..signature`), made without a string of the
   * payload: an export of a large period is bytes outside V8's heap, and stays so.
   */
  signDetached(payload: Uint8Array, typ: string): string;
}

export class AuditKeyError extends Error {
  override readonly name = 'AuditKeyError';
}

/** The Key ID of a public key: its RFC 7638 thumbprint. */
export async function keyId(publicKey: KeyObject): Promise<string> {
  return calculateJwkThumbprint(publicKey.export({ format: 'jwk' }) as JWK, 'sha256');
}

/**
 * The audit key from a PKCS#8 PEM Ed25519 private key (as `keys:generate --alg EdDSA` writes).
 *
 * @example
 * const key = await auditKeyFromPem(readFileSync(process.env.AUDIT_SIGNING_KEY_FILE, 'utf8'));
 */
export async function auditKeyFromPem(pem: string): Promise<AuditKey> {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new AuditKeyError('The audit key is not a readable PKCS#8 PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new AuditKeyError('The audit key must be an Ed25519 key (keys:generate --alg EdDSA)');
  }
  const publicKey = createPublicKey(privateKey);
  const kid = await keyId(publicKey);
  return {
    kid,
    publicKey,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    sign: (payload, typ) =>
      new CompactSign(payload).setProtectedHeader({ alg: 'EdDSA', kid, typ }).sign(privateKey),
    signDetached(payload, typ) {
      // What CompactSign signs: ASCII(BASE64URL(header) '.' BASE64URL(payload)), the payload's
      // part encoded in pieces of whole 3-byte groups straight into buffers.
      // One buffer of the input's exact size, written piece by piece: no copy of it is made.
      const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid, typ })).toString('base64url');
      const bytes = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
      const input = Buffer.allocUnsafe(header.length + 1 + Math.ceil((bytes.length * 4) / 3));
      let written = input.write(`${header}.`, 0, 'ascii');
      const step = 3 * 256 * 1024;
      for (let at = 0; at < bytes.length; at += step) {
        written += input.write(
          bytes.subarray(at, at + step).toString('base64url'),
          written,
          'ascii',
        );
      }
      const signature = signBytes(null, input.subarray(0, written), privateKey);
      return `${header}..${signature.toString('base64url')}`;
    },
  };
}

export async function loadAuditKey(file: string): Promise<AuditKey> {
  return auditKeyFromPem(await readFile(file, 'utf8'));
}

/** A public key from SPKI PEM (what `audit:verify-export --key` is given). */
export function publicKeyFromPem(pem: string): KeyObject {
  try {
    const key = createPublicKey({ key: pem, format: 'pem' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not Ed25519');
    return key;
  } catch {
    throw new AuditKeyError('The public key is not a readable Ed25519 SPKI PEM key');
  }
}

/** Verifies a compact JWS under `publicKey` and returns its payload, or null when it fails. */
export async function verifiedPayload(
  jws: string,
  publicKey: KeyObject,
): Promise<Uint8Array | null> {
  try {
    const { payload } = await compactVerify(jws, publicKey, { algorithms: ['EdDSA'] });
    return payload;
  } catch {
    return null;
  }
}

/**
 * A detached JWS (RFC 7515 appendix F): the compact form with its payload part left empty, the
 * payload being the file it sits beside.
 */
export function signDetached(key: AuditKey, bytes: Uint8Array, typ: string): string {
  return key.signDetached(bytes, typ);
}

/** Whether `detached` is a valid signature of `bytes` under `publicKey`. */
export async function verifyDetached(
  detached: string,
  bytes: Uint8Array,
  publicKey: KeyObject,
): Promise<{ valid: boolean; kid?: string }> {
  const parts = detached.trim().split('.');
  if (parts.length !== 3 || parts[1] !== '') return { valid: false };
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(detached.trim()).kid;
  } catch {
    return { valid: false };
  }
  const full = `${parts[0]}.${Buffer.from(bytes).toString('base64url')}.${parts[2]}`;
  return { valid: (await verifiedPayload(full, publicKey)) !== null, kid };
}
