/**
 * The BFF as `pnpm start` runs it (the esbuild bundle in apps/bff/dist), pointed at the bench's
 * sandbox process as if it were the real service: same client, same signing key, an operator
 * from a users file, a fresh DATA_DIR (so a fresh PGlite journal) per start, no approval holds
 * and the send rate limit out of the way.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { WRITE_OPERATION_IDS } from '@console/schemas';
import { BFF_CLI, BFF_MAIN, ROOT, WEB_DIR } from '../lib/paths';
import { freePort, runToEnd, startProcess, waitForHttp, type Proc } from './processes';
import type { SandboxProcess } from './sandbox-process';
import type { BenchKey } from './signing-key';

export interface BffProcess {
  url: string;
  proc: Proc;
  /** Headers of a signed-in admin: the session cookie and what the BFF asks of a browser. */
  headers: Record<string, string>;
  /** The admin's credentials, for a browser that signs in itself (a session of its own). */
  operator: { username: string; password: string };
  /** The users file it reads (and reloads when it changes): where `addOperator` adds one. */
  usersFile: string;
}

function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (statSync(path).isFile()) {
      newest = Math.max(newest, statSync(path).mtimeMs);
      continue;
    }
    for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) {
        newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return newest;
}

/**
 * Builds the bundle when it is missing or older than the sources, like `pnpm start` does:
 * figures of a stale bundle would describe code that no longer exists.
 */
export async function ensureBffBuilt(log: (message: string) => void): Promise<void> {
  const built = existsSync(BFF_MAIN) && existsSync(BFF_CLI) ? statSync(BFF_MAIN).mtimeMs : 0;
  // The bundle holds the sandbox and the schemas too (the same sources `pnpm start` watches).
  const sources = ['apps/bff/src', 'apps/sandbox/src', 'packages/schemas/src'];
  if (built > newestMtime(sources.map((dir) => join(ROOT, dir)))) return;
  log('building the BFF (apps/bff/dist is missing or older than its sources)');
  await runToEnd({
    command: 'pnpm',
    args: ['--filter', '@console/bff', 'build'],
    cwd: ROOT,
    timeoutMs: 120_000,
  });
}

/**
 * Builds the SPA the BFF serves (`apps/web/dist`) when it is missing or older than its sources:
 * figures taken in a browser must show the console as it is now.
 */
export async function ensureWebBuilt(log: (message: string) => void): Promise<void> {
  const index = join(WEB_DIR, 'dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [
    join(WEB_DIR, 'src'),
    join(WEB_DIR, 'index.html'),
    join(ROOT, 'packages/schemas/src'),
  ];
  if (built > newestMtime(sources)) return;
  log('building the SPA (apps/web/dist is missing or older than its sources)');
  await runToEnd({
    command: 'pnpm',
    args: ['--filter', '@console/web', 'build'],
    cwd: ROOT,
    timeoutMs: 300_000,
  });
}

/** An environment without the developer's own SVC_* or DATABASE_URL leaking in. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  return { PATH, HOME, TMPDIR, LANG, NODE_ENV: 'production', ...extra };
}

export async function startBffProcess(options: {
  dir: string;
  sandbox: SandboxProcess;
  key: BenchKey;
  /** Extra node flags, such as `--cpu-prof` when looking into a figure. */
  nodeArgs?: string[];
  /** More of the BFF's environment (`DATABASE_URL`, `WORKERS`), over the defaults below. */
  env?: Record<string, string>;
  /** The log file's name in `dir` (two BFFs in one directory). */
  name?: string;
  /** Another build of the BFF to run (its `main.js`), to compare two builds on one machine. */
  main?: string;
}): Promise<BffProcess> {
  const { dir, sandbox, key } = options;
  mkdirSync(join(dir, options.name ?? 'data'), { recursive: true, mode: 0o700 });
  const usersFile = join(dir, `${options.name ?? 'bff'}-users.json`);
  const username = 'bench';
  const password = randomBytes(18).toString('base64url');
  // The documented way to add an operator: the CLI, password on stdin.
  await runToEnd({
    command: process.execPath,
    args: [BFF_CLI, 'users:add', '--file', usersFile, '--username', username, '--role', 'admin'],
    cwd: dir,
    env: cleanEnv({}),
    input: `${password}\n`,
    timeoutMs: 30_000,
  });

  // Every send goes out at once: a send held for approval never reaches the service, and the
  // figures measure sending. Written with the policy file's own format (CONSOLE_POLICY_FILE).
  const policyFile = join(dir, `${options.name ?? 'bff'}-policy.json`);
  const operations = Object.fromEntries(WRITE_OPERATION_IDS.map((id) => [id, { required: false }]));
  writeFileSync(policyFile, JSON.stringify({ operations }));

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startProcess({
    name: options.name ?? 'bff',
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), options.main ?? BFF_MAIN],
    // Its own cwd: the BFF reads `.env` from there, and a developer's must not change the run.
    cwd: dir,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, options.name ?? 'data'),
      CONSOLE_USERS_FILE: usersFile,
      SVC_BASE_URL: sandbox.url,
      SVC_AUTH_URL: sandbox.url,
      SVC_CLIENT_ID: sandbox.clientId,
      SVC_CLIENT_SECRET: sandbox.clientSecret,
      SVC_SIGNING_KEY_FILE: key.file,
      SVC_SIGNING_KEY_ID: key.kid,
      CONSOLE_POLICY_FILE: policyFile,
      // The per-operator send limit at its maximum (100 000 a minute), above what the BFF can
      // send here: it is still checked on every send, but does not cap the load.
      SEND_RATE_PER_MINUTE: '100000',
      // The sandbox runs without rate limits here and a read is measured at thousands a second:
      // the per-operator read limit at its maximum, still checked on every read, and no budget
      // of the service, whose share of a 50/s limit would cap the figures it is not part of.
      READ_RATE_PER_MINUTE: '1000000',
      SVC_RATE_BUDGET_PERCENT: 'off',
      ...options.env,
    }),
    logFile: join(dir, `${options.name ?? 'bff'}.log`),
  });
  await waitForHttp(`${url}/api/health`, { proc, timeoutMs: 30_000 });
  const cookie = await signIn(url, username, password);
  return {
    url,
    proc,
    headers: {
      cookie,
      'content-type': 'application/json',
      'x-csrf': '1',
      origin: url,
    },
    operator: { username, password },
    usersFile,
  };
}

/** `POST /api/session` as the SPA does it; returns the `name=value` of the session cookie. */
async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: url },
    body: JSON.stringify({ username, password }),
  });
  const text = await response.text();
  const cookie = response.headers.getSetCookie().find((line) => line.includes('='));
  if (!response.ok || !cookie) throw new Error(`sign-in: ${response.status} ${text.slice(0, 200)}`);
  return cookie.split(';')[0]!;
}

/**
 * A second operator of `role` added to the BFF's users file with the CLI, signed in once the BFF
 * has reloaded the file (it watches it): the headers of that operator's session, for a figure
 * that needs another pair of eyes (a batch's approver is never its uploader).
 */
export async function addOperator(
  bff: BffProcess,
  username: string,
  role: string,
): Promise<Record<string, string>> {
  const password = randomBytes(18).toString('base64url');
  await runToEnd({
    command: process.execPath,
    args: [BFF_CLI, 'users:add', '--file', bff.usersFile, '--username', username, '--role', role],
    cwd: dirname(bff.usersFile),
    env: cleanEnv({}),
    input: `${password}\n`,
    timeoutMs: 30_000,
  });
  // The BFF polls the file every second besides watching it; a sign-in before it has read the
  // file is a failed attempt, and enough of them lock the name: two tries, each after a poll.
  for (let attempt = 1; ; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    try {
      return { ...bff.headers, cookie: await signIn(bff.url, username, password) };
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}
