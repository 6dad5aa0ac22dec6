import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describePublicKey, type SigningAlg } from '@console/bff/src/upstream/signing';

/** A throw-away signing key of this run: the private half in a 0600 file, as the BFF wants it. */
export interface BenchKey {
  file: string;
  pem: string;
  kid: string;
  publicKeyPem: string;
}

export async function generateBenchKey(dir: string, alg: SigningAlg = 'EdDSA'): Promise<BenchKey> {
  const { privateKey } =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const file = join(dir, `signing-key-${alg.toLowerCase()}.pem`);
  writeFileSync(file, pem, { mode: 0o600 });
  const { kid, publicKeyPem } = await describePublicKey(pem);
  return { file, pem, kid, publicKeyPem };
}
