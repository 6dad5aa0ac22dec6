/**
 * `pnpm cli keys:generate --alg EdDSA|ES256 --out FILE`: creates a request-signing key pair.
 * The private key goes to FILE (PKCS#8 PEM, mode 0600, never overwritten) and is never printed;
 * the public key is printed as PEM and JWK with its Key ID, to register with the service.
 */
import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  SIGNING_ALGS,
  describePublicKey,
  type PublicKeyDescription,
  type SigningAlg,
} from '../upstream/signing';

export interface KeysGenerateOptions {
  alg: SigningAlg;
  /** Where the private key is written; must not exist yet. */
  out: string;
}

/** What was generated: everything public, and where the private key went. */
export interface KeysGenerateResult extends PublicKeyDescription {
  /** Absolute path of the private key file. */
  out: string;
}

export type KeysGenerateErrorCode = 'ERR_KEYS_BAD_ARGUMENT' | 'ERR_KEYS_FILE_EXISTS';

/** A refusal of `keys:generate`, with a stable code for the CLI's exit message. */
export class KeysGenerateError extends Error {
  override readonly name = 'KeysGenerateError';
  constructor(
    readonly code: KeysGenerateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function generatePrivateKeyPem(alg: SigningAlg): string {
  const { privateKey } =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/**
 * Generates a key pair, writes the private key and prints what to register with the service.
 * `print` receives the whole text once; pass a no-op to print nothing.
 *
 * @example
 * const { kid } = await keysGenerate({ alg: 'EdDSA', out: '.data/signing-key.pem' });
 */
export async function keysGenerate(
  options: KeysGenerateOptions,
  print: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<KeysGenerateResult> {
  if (!SIGNING_ALGS.includes(options.alg)) {
    throw new KeysGenerateError(
      'ERR_KEYS_BAD_ARGUMENT',
      `--alg must be one of ${SIGNING_ALGS.join(', ')}, not ${String(options.alg)}`,
    );
  }
  if (!options.out) throw new KeysGenerateError('ERR_KEYS_BAD_ARGUMENT', '--out FILE is required');
  const out = resolve(options.out);
  const pem = generatePrivateKeyPem(options.alg);

  await mkdir(dirname(out), { recursive: true, mode: 0o700 });
  try {
    // 'wx': fail when the file exists, so an existing (perhaps registered) key is never lost.
    await writeFile(out, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new KeysGenerateError(
        'ERR_KEYS_FILE_EXISTS',
        `${out} already exists; choose another --out or remove it first`,
      );
    }
    throw error;
  }
  await chmod(out, 0o600); // the mode at creation is filtered by the umask; make it exact

  const described = await describePublicKey(pem);
  print(formatForOperator({ ...described, out }));
  return { ...described, out };
}

/** The text `keys:generate` prints: public material only. */
export function formatForOperator(result: KeysGenerateResult): string {
  return [
    `Private key (${result.alg}) written to ${result.out} (mode 0600). Keep it secret.`,
    '',
    `Key ID: ${result.kid}`,
    '',
    'Public key (PEM):',
    result.publicKeyPem.trimEnd(),
    '',
    'Public key (JWK):',
    JSON.stringify(result.publicJwk, null, 2),
    '',
    'Register the public key on the credential in the service’s admin console, then set',
    `SVC_SIGNING_KEY_FILE=${result.out} and SVC_SIGNING_KEY_ID to the Key ID the service shows`,
    `(this one, ${result.kid}, where the service lets you choose it).`,
    '',
  ].join('\n');
}
