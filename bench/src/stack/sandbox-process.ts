/**
 * The sandbox as its own process, started through its own `main.ts` and `SANDBOX_CONFIG`: the
 * BFF, the bare proxy and the direct baseline all talk to this one process, so that the only
 * difference between them is what sits in front of it.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoConfig, DEMO_CLIENT_ID } from '@console/sandbox';
import { SANDBOX_MAIN, BENCH_DIR } from '../lib/paths';
import { freePort, startProcess, waitForHttp, type Proc } from './processes';
import type { BenchKey } from './signing-key';

export interface SandboxProcess {
  url: string;
  clientId: string;
  clientSecret: string;
  proc: Proc;
  /** `GET /sandbox/log`. */
  log(): Promise<SandboxLog>;
  /** `POST /sandbox/reset`: state, logs and rate-limit buckets back to the seed; tokens stay. */
  reset(): Promise<void>;
  /** A bearer token for `scope`, straight from the token endpoint (for the direct baseline). */
  token(scope: string): Promise<string>;
}

export interface SandboxLog {
  token_requests: { client_id: string; scope: string; status: number; at: string }[];
  requests: {
    method: string;
    path: string;
    status: number;
    /** Names lower-cased, credentials masked (`x-request-id` tells the BFF's watcher apart). */
    headers?: Record<string, string>;
    /** When it arrived, by the sandbox's clock (the machine's, unless a test moved it). */
    at?: string;
  }[];
}

/** `node --import tsx`: one process, without the tsx CLI's extra parent. */
export const TSX_IMPORT = import.meta.resolve('tsx');

export async function startSandboxProcess(dir: string, key: BenchKey): Promise<SandboxProcess> {
  const clientSecret = randomBytes(18).toString('base64url');
  const config = demoConfig({
    clientSecret,
    signingKeys: [{ kid: key.kid, public_key_pem: key.publicKeyPem }],
    signingRequired: true,
    // The bench measures sending: the appendix's per-endpoint limits would throttle its load.
    rateLimits: false,
  });
  const configFile = join(dir, 'sandbox.json');
  writeFileSync(configFile, JSON.stringify(config), { mode: 0o600 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startProcess({
    name: 'sandbox',
    command: process.execPath,
    args: ['--import', TSX_IMPORT, SANDBOX_MAIN],
    cwd: BENCH_DIR,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_CONFIG: configFile },
    logFile: join(dir, 'sandbox.log'),
  });
  await waitForHttp(`${url}/sandbox/log`, { proc, timeoutMs: 20_000 });

  return {
    url,
    clientId: DEMO_CLIENT_ID,
    clientSecret,
    proc,
    async log() {
      const response = await fetch(`${url}/sandbox/log`);
      if (!response.ok) throw new Error(`GET /sandbox/log: ${response.status}`);
      return (await response.json()) as SandboxLog;
    },
    async reset() {
      const response = await fetch(`${url}/sandbox/reset`, { method: 'POST' });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`POST /sandbox/reset: ${response.status}`);
    },
    async token(scope) {
      const response = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: DEMO_CLIENT_ID,
          client_secret: clientSecret,
          scope,
        }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || !body.access_token) {
        throw new Error(`token for ${scope}: ${response.status} ${JSON.stringify(body)}`);
      }
      return body.access_token;
    },
  };
}
