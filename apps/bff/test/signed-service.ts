/**
 * Test support for BFF processes: a sandbox over HTTP that requires signed requests, and the
 * files and environment a BFF process needs to talk to it (its signing key, the operators, an
 * approval policy), in a throw-away directory. The key and the client secret are made per run.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoConfig, startSandbox } from '@console/sandbox';
import { describePublicKey } from '../src/upstream/signing';
import { testUsers } from './harness';
import { newPrivateKeyPem } from './sandbox-harness';

export interface SignedService {
  /** The run's directory: the key, the operators, the policies, the processes' data. */
  dir: string;
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
  /** The private key and the client secret, for the scan that no log line holds them. */
  pem: string;
  clientSecret: string;
  /** Writes an approval policy (`CONSOLE_POLICY_FILE`) and returns its path. */
  writePolicy(policy: unknown, name?: string): string;
  /**
   * The environment that points a BFF process at the sandbox: requests to `serviceUrl` (the
   * sandbox, or a fault proxy in front of it), tokens from the sandbox itself.
   */
  env(serviceUrl?: string): Record<string, string>;
}

export async function startSignedService(prefix: string): Promise<SignedService> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const clientSecret = randomBytes(24).toString('base64url');
  const pem = newPrivateKeyPem('EdDSA');
  const { kid, publicKeyPem } = await describePublicKey(pem);
  const sandbox = await startSandbox({
    config: demoConfig({
      clientSecret,
      signingKeys: [{ kid, public_key_pem: publicKeyPem }],
      signingRequired: true,
    }),
    port: 0,
  });
  const keyFile = join(dir, 'key.pem');
  writeFileSync(keyFile, pem, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  const usersFile = join(dir, 'users.json');
  writeFileSync(usersFile, JSON.stringify({ users: await testUsers() }));
  return {
    dir,
    sandbox,
    pem,
    clientSecret,
    writePolicy(policy, name = 'policy.json') {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify(policy));
      return file;
    },
    env: (serviceUrl = sandbox.url) => ({
      SVC_BASE_URL: serviceUrl,
      SVC_AUTH_URL: sandbox.url,
      SVC_CLIENT_ID: 'console-demo',
      SVC_CLIENT_SECRET: clientSecret,
      SVC_SIGNING_KEY_FILE: keyFile,
      SVC_SIGNING_KEY_ID: kid,
      SVC_TIMEOUT_MS: '60000',
      CONSOLE_USERS_FILE: usersFile,
      // These processes' tests count what reaches the service: the watcher's own reads (issue
      // 35) would be among them. The watcher has tests of its own.
      WATCH_SHARE_PERCENT: 'off',
      // Nor the nightly reconciliation: these tests count what reaches the service.
      RECONCILE_DAILY: 'off',
    }),
  };
}
