import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importJWK, importSPKI } from 'jose';
import { describe, expect, it } from 'vitest';
import { SigningError, createSigner, describePublicKey, type SigningAlg } from './signing';

function generate(alg: SigningAlg | 'P-384' | 'RSA') {
  const pair =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : alg === 'ES256'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : alg === 'P-384'
          ? generateKeyPairSync('ec', { namedCurve: 'P-384' })
          : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyPem: pair.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

describe.each(['EdDSA', 'ES256'] as const)('signing with %s', (alg) => {
  const keys = generate(alg);
  const body = '{"amount":"1.50","ref_id":"r-1","note":"héllo"}';
  const now = 1_763_776_000_123;

  it('puts exactly the five header members and signs the exact body bytes', async () => {
    const signer = await createSigner({ privateKeyPem: keys.privateKeyPem, kid: 'kid-1' });
    expect(signer.alg).toBe(alg);
    const jws = await signer.sign({
      method: 'POST',
      pathWithQuery: '/v2/transfer/internal?x=1',
      body,
      now,
    });

    const header = decodeProtectedHeader(jws);
    expect(header).toStrictEqual({
      alg,
      kid: 'kid-1',
      'svc/timestamp': '1763776000',
      'svc/request-method': 'POST',
      'svc/request-path': '/v2/transfer/internal?x=1',
    });

    const verified = await compactVerify(jws, await importSPKI(keys.publicKeyPem, alg));
    expect(Buffer.from(verified.payload)).toStrictEqual(Buffer.from(body, 'utf8'));
  });

  it('signs bytes given as a Uint8Array and an empty payload for no body', async () => {
    const signer = await createSigner({ privateKeyPem: keys.privateKeyPem, kid: 'kid-1' });
    const bytes = new Uint8Array([123, 125]);
    const key = await importSPKI(keys.publicKeyPem, alg);
    const withBytes = await compactVerify(
      await signer.sign({ method: 'PUT', pathWithQuery: '/v2/x', body: bytes }),
      key,
    );
    expect([...withBytes.payload]).toStrictEqual([123, 125]);

    const empty = await signer.sign({ method: 'POST', pathWithQuery: '/v2/x', body: '' });
    expect(empty.split('.')[1]).toBe('');
    expect((await compactVerify(empty, key)).payload.length).toBe(0);
  });

  it('describes the public key with a thumbprint Key ID that verifies signatures', async () => {
    const described = await describePublicKey(keys.privateKeyPem);
    expect(described.alg).toBe(alg);
    expect(described.publicKeyPem).toBe(keys.publicKeyPem);
    expect(described.publicJwk).toMatchObject({ kid: described.kid, alg, use: 'sig' });
    expect(described.publicJwk).not.toHaveProperty('d');
    const signer = await createSigner({ privateKeyPem: keys.privateKeyPem, kid: described.kid });
    const jws = await signer.sign({ method: 'POST', pathWithQuery: '/v2/x', body: '{}' });
    await expect(
      compactVerify(jws, await importJWK(described.publicJwk, alg)),
    ).resolves.toBeTruthy();
  });
});

describe('signing keys that cannot be used', () => {
  it.each(['P-384', 'RSA'] as const)('refuses a %s key with a stable code', async (kind) => {
    const error = await createSigner({
      privateKeyPem: generate(kind).privateKeyPem,
      kid: 'k',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigningError);
    expect(error).toMatchObject({ code: 'ERR_SIGNING_KEY_UNSUPPORTED' });
  });

  it('refuses garbage and a public key without echoing them', async () => {
    for (const pem of ['not a key', generate('EdDSA').publicKeyPem]) {
      const error = (await createSigner({ privateKeyPem: pem, kid: 'k' }).catch(
        (e: unknown) => e,
      )) as SigningError;
      expect(error.code).toBe('ERR_SIGNING_KEY_INVALID');
      expect(error.message).not.toContain(pem.slice(0, 20));
    }
  });
});
