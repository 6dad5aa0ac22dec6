import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestProvider, TEST_ROLE_MAP, type TestProvider } from '@console/test-idp';
import { currentConsole } from './consoles';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the single sign-on console of the worker listens: beside its main console's ports. */
const { sso: SSO_PORT, ssoSandbox: SSO_SANDBOX_PORT, idp: PROVIDER_PORT } = currentConsole().ports;
export { SSO_PORT };
const CLIENT_SECRET = `e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/** A second console, configured for single sign-on with a real provider. */
export interface SsoConsole {
  url: string;
  idp: TestProvider;
}

const SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

/**
 * Starts the provider (oidc-provider, on `localhost`: another site than the console on
 * 127.0.0.1, as a company's provider is) and a console configured for it, built like the main
 * one, with its worker's users file as its break-glass operators. Only the single sign-on spec
 * pays for it.
 */
export async function startSsoConsole(): Promise<SsoConsole & { close(): Promise<void> }> {
  const idp = await startTestProvider({ port: PROVIDER_PORT, issuerHost: 'localhost' });
  const url = `http://127.0.0.1:${SSO_PORT}`;
  idp.register([
    {
      client_id: 'console',
      client_secret: CLIENT_SECRET,
      redirect_uris: [`${url}/api/session/oidc/callback`],
      post_logout_redirect_uris: [`${url}/sign-in?sso=signed-out`],
      backchannel_logout_uri: `${url}/api/session/oidc/backchannel-logout`,
      backchannel_logout_session_required: true,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
  const log = createWriteStream(join(root, `e2e/artifacts/bff-sso-${currentConsole().index}.log`));
  const bff = spawn(process.execPath, [join(root, 'apps/bff/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(SSO_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'console-e2e-sso-')),
      SANDBOX_PORT: String(SSO_SANDBOX_PORT),
      CONSOLE_USERS_FILE: currentConsole().usersFile,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ROLE_MAP: TEST_ROLE_MAP,
      OIDC_SCOPES: 'openid profile email groups',
      OIDC_PROVIDER_NAME: 'Test IdP',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bff.stdout.pipe(log);
  bff.stderr.pipe(log);
  const deadline = Date.now() + 30_000 * SCALE;
  for (;;) {
    if (bff.exitCode !== null)
      throw new Error('the SSO console exited; see e2e/artifacts/bff-sso-*.log');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error('the SSO console did not start; see e2e/artifacts/bff-sso-*.log');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    idp,
    async close() {
      bff.kill('SIGTERM');
      await new Promise((resolve) => bff.once('exit', resolve));
      await idp.close();
    },
  };
}
