import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, compactVerify, importJWK, importSPKI, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from '../upstream/signing';
import { KeysGenerateError, keysGenerate } from './keys-generate';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keys-generate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(['EdDSA', 'ES256'] as const)('keys:generate --alg %s', (alg) => {
  it('writes a 0600 PKCS#8 key and prints a consistent public PEM, JWK and Key ID', async () => {
    const out = join(dir, alg, 'signing-key.pem');
    let printed = '';
    const result = await keysGenerate({ alg, out }, (text) => (printed += text));

    expect((await stat(out)).mode & 0o777).toBe(0o600);
    const pem = await readFile(out, 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const privateKey = createPrivateKey(pem);
    expect(privateKey.asymmetricKeyType).toBe(alg === 'EdDSA' ? 'ed25519' : 'ec');

    // Nothing secret printed: not the PEM body, not the JWK's private member.
    expect(printed).not.toContain(pem.split('\n')[1]);
    expect(printed).not.toContain('PRIVATE KEY');
    expect(result.publicJwk).not.toHaveProperty('d');

    // PEM, JWK and Key ID describe the same key.
    const expectedPem = createPublicKey(privateKey).export({ format: 'pem', type: 'spki' });
    expect(result.publicKeyPem).toBe(expectedPem);
    expect(printed).toContain(result.publicKeyPem.trimEnd());
    expect(printed).toContain(`Key ID: ${result.kid}`);
    const printedJwk = JSON.parse(
      printed.slice(printed.indexOf('{'), printed.lastIndexOf('}') + 1),
    ) as JWK;
    expect(printedJwk).toStrictEqual(result.publicJwk);
    expect(printedJwk).toMatchObject({ kid: result.kid, alg, use: 'sig' });
    expect(await calculateJwkThumbprint(printedJwk)).toBe(result.kid);

    // A signature made with the file verifies under both printed forms of the public key.
    const signer = await createSigner({ privateKeyPem: pem, kid: result.kid });
    const jws = await signer.sign({ method: 'POST', pathWithQuery: '/v2/x', body: '{}' });
    await expect(compactVerify(jws, await importJWK(printedJwk, alg))).resolves.toBeTruthy();
    await expect(
      compactVerify(jws, await importSPKI(result.publicKeyPem, alg)),
    ).resolves.toBeTruthy();
  });
});

describe('keys:generate refusals', () => {
  it('refuses to overwrite an existing file and leaves it untouched', async () => {
    const out = join(dir, 'existing.pem');
    await writeFile(out, 'keep me', { mode: 0o600 });
    const error = await keysGenerate({ alg: 'EdDSA', out }, () => undefined).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KeysGenerateError);
    expect(error).toMatchObject({ code: 'ERR_KEYS_FILE_EXISTS' });
    expect(await readFile(out, 'utf8')).toBe('keep me');
  });

  it('refuses an unknown algorithm', async () => {
    await expect(
      keysGenerate({ alg: 'RS256' as never, out: join(dir, 'rsa.pem') }, () => undefined),
    ).rejects.toMatchObject({ code: 'ERR_KEYS_BAD_ARGUMENT' });
  });
});
