/**
 * The consoles of an e2e run: one per Playwright worker, each a built BFF with its embedded
 * sandbox, its own journal, users file and chat room (global-setup.ts). Specs that run side by
 * side therefore never see each other's sends, roles, policy, prices or sandbox clock, and each
 * spec finds its console by the worker it runs in.
 */
import { join } from 'node:path';

/** Where the first console listens; the others follow, `PORT_STRIDE` apart. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * Workers, and so consoles: one unless `E2E_WORKERS` says more. On the reference machine's two
 * cores one worker keeps both busy (Chromium draws in software), and a second one made every
 * test about 2.5 times slower, so the run lost time and its waits ran out (ADR 031). A machine
 * with more cores runs more, each against a console of its own.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

const PORT_STRIDE = 10;

export interface ConsoleUnderTest {
  index: number;
  /** The BFF serving the SPA. */
  url: string;
  /** The embedded sandbox's control endpoints. */
  sandboxUrl: string;
  /** The chat room the console posts its notifications to (chat-receiver.ts). */
  chatUrl: string;
  ports: {
    bff: number;
    sandbox: number;
    sso: number;
    ssoSandbox: number;
    idp: number;
    chat: number;
    demo: number;
    demoSandbox: number;
  };
  /** Its users file, which `users:set-role` edits and the BFF reads again. */
  usersFile: string;
}

/** The run's folder (global-setup.ts): the operators' passwords, and a folder per console. */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is not set: run through playwright.config.ts');
  return dir;
}

export function consoleAt(index: number, dir = process.env.E2E_RUN_DIR ?? ''): ConsoleUnderTest {
  const base = E2E_PORT + PORT_STRIDE * index;
  // +2 to +4 are the single sign-on console's, its sandbox's and its provider's (sso-console.ts);
  // +6 and +7 a fresh demo's and its sandbox's (demo-console.ts).
  const ports = {
    bff: base,
    sandbox: base + 1,
    sso: base + 2,
    ssoSandbox: base + 3,
    idp: base + 4,
    chat: base + 5,
    demo: base + 6,
    demoSandbox: base + 7,
  };
  return {
    index,
    url: `http://127.0.0.1:${ports.bff}`,
    sandboxUrl: `http://127.0.0.1:${ports.sandbox}`,
    chatUrl: `http://127.0.0.1:${ports.chat}`,
    ports,
    usersFile: join(dir, `console-${index}`, 'users.json'),
  };
}

/** The console of the worker this code runs in (Playwright numbers them from 0). */
export function currentConsole(): ConsoleUnderTest {
  return consoleAt(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}
