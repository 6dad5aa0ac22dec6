import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentConsole } from './consoles';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

/** A console started as `pnpm start` starts one on a fresh machine: no users file, demo operators. */
export interface DemoConsole {
  url: string;
  /** The demo operators' passwords, as the start printed them (from `DATA_DIR`). */
  passwords: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the built BFF with nothing configured but a fresh `DATA_DIR` and its ports: the embedded
 * sandbox and the demo operators it makes on its first start. Only the spec of the demo pays for it.
 */
export async function startDemoConsole(): Promise<DemoConsole> {
  const { demo, demoSandbox } = currentConsole().ports;
  const url = `http://127.0.0.1:${demo}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(demo),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SANDBOX_PORT: String(demoSandbox),
    LOG_LEVEL: 'info',
  };
  // As on a fresh machine: the e2e run's own settings are not the demo's.
  for (const name of [
    'CONSOLE_USERS_FILE',
    'CONSOLE_POLICY_FILE',
    'DATABASE_URL',
    'CHAT_WEBHOOK_URL',
  ]) {
    delete env[name];
  }
  const log = createWriteStream(join(root, `e2e/artifacts/bff-demo-${currentConsole().index}.log`));
  const bff = spawn(process.execPath, [join(root, 'apps/bff/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bff.stdout.pipe(log);
  bff.stderr.pipe(log);
  const deadline = Date.now() + 60_000 * SCALE;
  for (;;) {
    if (bff.exitCode !== null) throw new Error('the demo exited; see e2e/artifacts/bff-demo-*.log');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error('the demo did not start; see e2e/artifacts/bff-demo-*.log');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const file = JSON.parse(readFileSync(join(dataDir, 'demo-operators.json'), 'utf8')) as {
    passwords: Record<string, string>;
  };
  return {
    url,
    passwords: file.passwords,
    async close() {
      bff.kill('SIGTERM');
      await new Promise((resolve) => bff.once('exit', resolve));
    },
  };
}
