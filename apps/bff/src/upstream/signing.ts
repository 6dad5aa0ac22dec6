/**
 * Request signing, the one place requests are signed (svc-api.md, "Request signing").
 *
 * Scheme: a compact JWS sent in the `Svc-Signature` header. Its protected header is exactly
 * `{alg, kid, "svc/timestamp", "svc/request-method", "svc/request-path"}`: `alg` is `EdDSA`
 * (Ed25519 key) or `ES256` (P-256 key), `kid` the Key ID registered with the service,
 * `svc/timestamp` the Unix time in seconds as a string, `svc/request-method` the HTTP method and
 * `svc/request-path` the path including `/v2` and any query string. The payload is the exact
 * bytes of the request body, and empty when there is none. The service accepts a signature for
 * 30 minutes after its timestamp, so every attempt of a send is signed afresh.
 *
 * `jose` is imported here and nowhere else in the BFF (tests aside).
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { CompactSign, calculateJwkThumbprint, importPKCS8, type JWK } from 'jose';

/** The signing algorithms the service accepts. */
export type SigningAlg = 'EdDSA' | 'ES256';

export const SIGNING_ALGS: readonly SigningAlg[] = ['EdDSA', 'ES256'];

/** What one signature covers. */
export interface SignInput {
  /** The HTTP method, such as `POST`. */
  method: string;
  /** The request path including `/v2` and any query string, such as `/v2/transfer/internal`. */
  pathWithQuery: string;
  /** The exact body bytes (a string is taken as its UTF-8 bytes); empty for no body. */
  body: Uint8Array | string;
  /** The current time in Unix milliseconds; defaults to `Date.now()`. */
  now?: number;
}

/** Signs requests with one private key under one Key ID. */
export interface Signer {
  readonly alg: SigningAlg;
  readonly kid: string;
  /** Returns the compact JWS for the `Svc-Signature` header. */
  sign(input: SignInput): Promise<string>;
}

export type SigningErrorCode = 'ERR_SIGNING_KEY_INVALID' | 'ERR_SIGNING_KEY_UNSUPPORTED';

/** A key that cannot be used for signing. The message never contains key material. */
export class SigningError extends Error {
  override readonly name = 'SigningError';
  constructor(
    readonly code: SigningErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The algorithm a key signs with: Ed25519 → `EdDSA`, P-256 → `ES256`; any other key is refused.
 *
 * @example
 * algForKey(createPrivateKey(pem)); // 'EdDSA'
 */
export function algForKey(key: KeyObject): SigningAlg {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return 'ES256';
  }
  const curve = key.asymmetricKeyDetails?.namedCurve;
  throw new SigningError(
    'ERR_SIGNING_KEY_UNSUPPORTED',
    `Signing keys must be Ed25519 (EdDSA) or P-256 (ES256), not ${key.asymmetricKeyType ?? 'unknown'}${curve ? ` ${curve}` : ''}`,
  );
}

function parsePrivateKey(privateKeyPem: string): KeyObject {
  try {
    const key = createPrivateKey({ key: privateKeyPem, format: 'pem' });
    if (key.type !== 'private') throw new Error('not a private key');
    return key;
  } catch {
    throw new SigningError(
      'ERR_SIGNING_KEY_INVALID',
      'The signing key is not a readable PKCS#8 PEM private key',
    );
  }
}

/**
 * Builds the signer from a PKCS#8 PEM private key and the Key ID registered with the service.
 *
 * @example
 * const signer = await createSigner({ privateKeyPem, kid: 'my-key-id' });
 * const jws = await signer.sign({ method: 'POST', pathWithQuery: '/v2/transfer/internal', body });
 */
export async function createSigner(options: {
  privateKeyPem: string;
  kid: string;
}): Promise<Signer> {
  const { privateKeyPem, kid } = options;
  if (!kid) throw new SigningError('ERR_SIGNING_KEY_INVALID', 'A signing Key ID is required');
  const alg = algForKey(parsePrivateKey(privateKeyPem));
  // Import once: a CryptoKey signs without re-parsing the PEM on every request.
  const key = await importPKCS8(privateKeyPem, alg);
  const encoder = new TextEncoder();

  return {
    alg,
    kid,
    async sign({ method, pathWithQuery, body, now = Date.now() }) {
      const payload = typeof body === 'string' ? encoder.encode(body) : body;
      return new CompactSign(payload)
        .setProtectedHeader({
          alg,
          kid,
          'svc/timestamp': String(Math.floor(now / 1000)),
          'svc/request-method': method.toUpperCase(),
          'svc/request-path': pathWithQuery,
        })
        .sign(key);
    },
  };
}

/** The public half of a signing key, as it is registered with the service. */
export interface PublicKeyDescription {
  alg: SigningAlg;
  /** SPKI PEM. */
  publicKeyPem: string;
  /** Public JWK with `kid`, `alg` and `use: "sig"`. */
  publicJwk: JWK;
  /** The RFC 7638 JWK thumbprint (SHA-256, base64url): the Key ID to register. */
  kid: string;
}

/**
 * Derives the public key, its JWK and its Key ID (the RFC 7638 thumbprint) from a private key.
 * Used by `keys:generate` and by sandbox mode to register a freshly generated key.
 *
 * @example
 * const { kid, publicKeyPem } = await describePublicKey(privateKeyPem);
 */
export async function describePublicKey(privateKeyPem: string): Promise<PublicKeyDescription> {
  const privateKey = parsePrivateKey(privateKeyPem);
  const alg = algForKey(privateKey);
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return {
    alg,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicJwk: { ...jwk, kid, alg, use: 'sig' },
    kid,
  };
}
