import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  DEMO_CLIENT_ID,
  SandboxConfigError,
  demoConfig,
  parseSandboxConfig,
  type SandboxConfig,
} from './config';
import { startSandbox } from './server';

/*
 * `pnpm --filter @console/sandbox start`. The one place that reads the environment:
 * SANDBOX_PORT (default 4010), SANDBOX_HOST (default 127.0.0.1), SANDBOX_CONFIG (a JSON file),
 * SANDBOX_DATA_DIR (where the state is kept across restarts, ADR 033; in memory when unset).
 */
function loadConfig(): { config: SandboxConfig; demoSecret?: string } {
  const path = process.env.SANDBOX_CONFIG;
  if (!path) {
    const demoSecret = randomBytes(18).toString('base64url');
    return { config: demoConfig({ clientSecret: demoSecret }), demoSecret };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SandboxConfigError([`SANDBOX_CONFIG (${path}): ${(error as Error).message}`]);
  }
  return { config: parseSandboxConfig(raw) };
}

try {
  const { config, demoSecret } = loadConfig();
  const port = Number(process.env.SANDBOX_PORT ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SandboxConfigError([
      `SANDBOX_PORT: ${process.env.SANDBOX_PORT} is not a port number`,
    ]);
  }
  const { url } = await startSandbox({
    config,
    port,
    host: process.env.SANDBOX_HOST ?? '127.0.0.1',
    ...(process.env.SANDBOX_DATA_DIR ? { dataDir: process.env.SANDBOX_DATA_DIR } : {}),
  });
  console.log(`svc sandbox listening on ${url}`);
  if (demoSecret) {
    console.log(
      `demo client: client_id=${DEMO_CLIENT_ID} client_secret=${demoSecret} (all eight scopes)`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
