/*
 * Request signing, as the service checks it: the `Svc-Signature` header is a compact JWS whose
 * protected header is exactly {alg, kid, svc/timestamp, svc/request-method, svc/request-path} and
 * whose payload is the exact request body bytes (empty for a request without a body). The key is
 * the client's registered public key with that kid; EdDSA for Ed25519 keys, ES256 for P-256.
 */
import { compactVerify, decodeProtectedHeader } from 'jose';
import type { KeyObject } from 'node:crypto';

/** A signature older than this (from its svc/timestamp) is refused. */
export const SIGNATURE_VALIDITY_S = 30 * 60;
/** Clock skew tolerated for a timestamp in the future. */
export const SIGNATURE_FUTURE_SKEW_S = 60;

const HEADER_MEMBERS = ['alg', 'kid', 'svc/request-method', 'svc/request-path', 'svc/timestamp'];

export interface RegisteredKey {
  kid: string;
  alg: 'EdDSA' | 'ES256';
  key: KeyObject;
}

export interface SignatureCheck {
  /** For the request log; null when the header could not be read at all. */
  seen: { kid: string; alg: string } | null;
  /** Why the signature is refused; undefined when it verified. */
  failure?: string;
}

/** Verifies a request's signature against the client's keys at the sandbox time `now` (ms). */
export async function verifySignature(
  jws: string,
  request: { method: string; pathWithQuery: string; body: Uint8Array },
  keys: ReadonlyMap<string, RegisteredKey>,
  now: number,
): Promise<SignatureCheck> {
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jws) as Record<string, unknown>;
  } catch {
    return { seen: null, failure: 'Svc-Signature is not a compact JWS' };
  }
  const seen = { kid: String(header.kid ?? ''), alg: String(header.alg ?? '') };
  const fail = (failure: string): SignatureCheck => ({ seen, failure });
  const members = Object.keys(header).sort();
  if (members.join() !== HEADER_MEMBERS.join()) {
    return fail(
      `the JWS header must hold exactly ${HEADER_MEMBERS.join(', ')}; it holds ${members.join(', ')}`,
    );
  }
  const key = keys.get(seen.kid);
  if (!key) return fail(`unknown kid ${seen.kid}`);
  if (seen.alg !== key.alg)
    return fail(`alg ${seen.alg} does not match the key ${key.kid} (${key.alg})`);
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(jws, key.key, { algorithms: [key.alg] }));
  } catch {
    return fail('the signature does not verify');
  }
  if (!Buffer.from(payload).equals(Buffer.from(request.body))) {
    return fail('the JWS payload is not the exact request body');
  }
  if (header['svc/request-method'] !== request.method) {
    return fail(
      `svc/request-method ${String(header['svc/request-method'])} is not ${request.method}`,
    );
  }
  if (header['svc/request-path'] !== request.pathWithQuery) {
    return fail(
      `svc/request-path ${String(header['svc/request-path'])} is not ${request.pathWithQuery}`,
    );
  }
  const ts = header['svc/timestamp'];
  if (typeof ts !== 'string' || !/^[0-9]{1,12}$/.test(ts)) {
    return fail('svc/timestamp must be Unix seconds as a string');
  }
  const age = Math.floor(now / 1000) - Number(ts);
  if (age > SIGNATURE_VALIDITY_S)
    return fail('the signature has expired (svc/timestamp over 30 minutes old)');
  if (age < -SIGNATURE_FUTURE_SKEW_S)
    return fail('svc/timestamp is more than a minute in the future');
  return { seen };
}
