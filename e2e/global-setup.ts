import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChatReceiver } from './chat-receiver';
import { cli } from './cli';
import { consoleAt, E2E_WORKERS, type ConsoleUnderTest } from './consoles';
import type { TestOperator } from './fixtures';

const root = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(root, 'e2e/artifacts');

/** The operators of the run: one per role, and a second finance operator to approve the first. */
const OPERATORS: Omit<TestOperator, 'password'>[] = [
  { username: 'fiona', display_name: 'Fiona Finance', role: 'finance' },
  { username: 'frank', display_name: 'Frank Finance', role: 'finance' },
  { username: 'sam', display_name: 'Sam Support', role: 'support' },
  { username: 'vera', display_name: 'Vera Viewer', role: 'viewer' },
  { username: 'ada', display_name: 'Ada Admin', role: 'admin' },
  { username: 'audrey', display_name: 'Audrey Auditor', role: 'auditor' },
];

/**
 * Starts the consoles as an operator would run one (one per worker, consoles.ts): the built BFF
 * serving the built SPA, with its embedded sandbox, operators added through the real CLI with
 * passwords made for this run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const output of [
    'apps/web/dist/index.html',
    'apps/bff/dist/main.js',
    'apps/bff/dist/cli.js',
  ]) {
    if (!existsSync(join(root, output))) throw new Error(`${output} is missing: build first`);
  }
  mkdirSync(artifacts, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const usersFile = join(dataDir, 'users.json');
  const operators: TestOperator[] = OPERATORS.map((o) => ({
    ...o,
    password: randomBytes(12).toString('base64url'),
  }));
  for (const operator of operators) {
    cli(
      [
        'users:add',
        '--file',
        usersFile,
        '--username',
        operator.username,
        '--role',
        operator.role,
        '--display-name',
        operator.display_name,
      ],
      `${operator.password}\n`,
    );
  }

  // The audit key (ADR 022), made as an operator makes it; specs/audit-trail.spec.ts checks an
  // export with its public half.
  const auditKey = join(dataDir, 'audit-key.pem');
  cli(['keys:generate', '--alg', 'EdDSA', '--out', auditKey]);

  const consoles = Array.from({ length: E2E_WORKERS }, (_, i) => consoleAt(i, dataDir));
  // Another run's console on the same port would answer the health check, and every spec would
  // then sign in with this run's passwords against that run's operators.
  for (const port of consoles.flatMap((c) => [c.ports.bff, c.ports.sandbox, c.ports.chat])) {
    if (await listening(port)) {
      throw new Error(
        `127.0.0.1:${port} is already in use (another e2e run?); stop it or set E2E_PORT`,
      );
    }
  }
  // Each console its own users file (a spec demotes an operator in its console alone), the
  // same operators and passwords in all.
  for (const c of consoles) {
    mkdirSync(dirname(c.usersFile), { recursive: true });
    copyFileSync(usersFile, c.usersFile);
  }
  const started = await Promise.all(consoles.map((c) => startConsole(c, auditKey)));

  const operatorsFile = join(dataDir, 'operators.json');
  writeFileSync(operatorsFile, JSON.stringify(operators), { mode: 0o600 });
  process.env.E2E_RUN_DIR = dataDir;

  return async () => {
    await Promise.all(started.map((stop) => stop()));
  };
}

/** One console: its chat room, then its BFF (with the embedded sandbox), once healthy. */
async function startConsole(c: ConsoleUnderTest, auditKey: string): Promise<() => Promise<void>> {
  const chat = await startChatReceiver(c.ports.chat);
  const log = createWriteStream(join(artifacts, c.index === 0 ? 'bff.log' : `bff-${c.index}.log`));
  const bff = spawn(process.execPath, [join(root, 'apps/bff/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(c.ports.bff),
      HOST: '127.0.0.1',
      DATA_DIR: dirname(c.usersFile),
      CONSOLE_USERS_FILE: c.usersFile,
      // Maker-checker (issue 7): internal transfers above 1000 wait for a second operator
      // (specs/approvals.spec.ts); fiat account changes and deletes of rules wait as the
      // built-in policy has them (specs/update-fiat-account.spec.ts); the rest go out at once.
      // Orchestrations delivering ETH go only to the book of allowed destinations, whose crypto
      // addresses cool off for about 15 seconds, and Ada may initiate 1 ETH a day before a send
      // escalates (specs/allowed-destinations.spec.ts).
      CONSOLE_POLICY_FILE: join(root, 'e2e/approval-policy.json'),
      SANDBOX_PORT: String(c.ports.sandbox),
      // A console of the suite is never restarted: its sandbox needs no state on disk (ADR 033).
      SANDBOX_STATE: 'memory',
      // The orders spec seeds 120 orders through the API to walk the list's pages; the send
      // limit itself is tested in the BFF's own tests.
      SEND_RATE_PER_MINUTE: '600',
      // Notifications (issue 36) go to the console's chat receiver; a refused post is tried
      // twice, quickly, so that specs/notifications.spec.ts sees a dead letter within seconds.
      NOTIFY_WEBHOOK_URL: `${chat.url}/hook`,
      NOTIFY_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
      NOTIFY_INTERVAL_SECONDS: '0.5',
      NOTIFY_RETRY_SECONDS: '0.2',
      NOTIFY_MAX_ATTEMPTS: '2',
      LOG_LEVEL: 'info',
      AUDIT_SIGNING_KEY_FILE: auditKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bff.stdout.pipe(log);
  bff.stderr.pipe(log);
  await waitForHealth(`${c.url}/api/health`, bff);
  return async () => {
    bff.kill('SIGTERM');
    await new Promise((resolve) => bff.once('exit', resolve));
    await chat.close();
  };
}

async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Start-up is stretched like every timeout on a busy machine (see playwright.config.ts). */
const HEALTH_WAIT_MS = 30_000 * Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

async function waitForHealth(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + HEALTH_WAIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the BFF exited (${child.exitCode}); see e2e/artifacts/bff*.log`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the BFF was not healthy within ${HEALTH_WAIT_MS / 1000} s; see e2e/artifacts/bff*.log`,
  );
}
