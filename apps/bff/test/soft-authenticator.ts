/**
 * A software authenticator for the tests of passkeys (issue 61): a P-256 key made at test time
 * with node:crypto, and the WebAuthn bytes an authenticator makes built here (the attestation
 * object of a registration, and the authenticatorData, clientDataJSON and ECDSA signature of an
 * assertion). Its signatures are real: the BFF checks them as it checks a hardware key's. Each
 * fault a test needs (no user verification, another origin or RP ID, a counter that does not
 * move) is an option of `sign`. Used by tests only.
 */
import { createHash, generateKeyPairSync, randomBytes, sign as ecdsaSign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SignOptions {
  origin?: string;
  rpId?: string;
  /** False: the user was present but not verified (no PIN, no biometric). */
  userVerified?: boolean;
  /** The counter to report instead of the next one (a cloned key reports an old one). */
  counter?: number;
}

export function softAuthenticator(defaults: { origin: string; rpId: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const header = (rpId: string, flags: number, count: number) => {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(count);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');

  return {
    id: b64url(credentialId),

    /** The answer to registration options (`challenge` as the BFF gave it). */
    register(challenge: string, options: SignOptions = {}): RegistrationResponseJSON {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const flags = UP | AT | (options.userVerified === false ? 0 : UV);
      const authData = Buffer.concat([
        header(options.rpId ?? defaults.rpId, flags, counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        coseKey,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', challenge, options.origin ?? defaults.origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** An assertion over `challenge` (base64url), as `navigator.credentials.get` answers. */
    sign(challenge: string, options: SignOptions = {}): AuthenticationResponseJSON {
      counter += 1;
      const flags = UP | (options.userVerified === false ? 0 : UV);
      const authData = header(options.rpId ?? defaults.rpId, flags, options.counter ?? counter);
      const clientDataJSON = clientData(
        'webauthn.get',
        challenge,
        options.origin ?? defaults.origin,
      );
      const signature = ecdsaSign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          authenticatorData: b64url(authData),
          clientDataJSON: b64url(clientDataJSON),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
