/**
 * Test support: the BFF as its own process, started from the run's bundle as production starts
 * its build (bff-bundle.ts), and what a test does with it over HTTP (sign in, send, read the journal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bffEntry } from './bff-bundle';

const bffDir = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `check` until it gives a value, or fails after `ms`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 60_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface BffProcess {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | string>;
  /** Signs in and returns the Cookie header value. */
  signIn(username: string, password: string): Promise<string>;
  post(path: string, cookie: string, body: unknown): Promise<Response>;
  get(path: string, cookie?: string): Promise<Response>;
}

/** Spawns the BFF with exactly `env` (plus PATH and HOME) and waits until it is ready. */
export async function spawnBff(name: string, env: Record<string, string>): Promise<BffProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, bffEntry('main'), {
    cwd: bffDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)),
  );
  const base = `http://127.0.0.1:${port}`;
  const browser = { 'Content-Type': 'application/json', 'X-CSRF': '1', Origin: base };
  const bff: BffProcess = {
    name,
    base,
    child,
    output,
    exited,
    async signIn(username, password) {
      const res = await fetch(`${base}/api/session`, {
        method: 'POST',
        headers: browser,
        body: JSON.stringify({ username, password }),
      });
      if (res.status !== 200) throw new Error(`sign-in as ${username}: ${res.status}`);
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    },
    post: (path, cookie, body) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...browser, Cookie: cookie },
        body: JSON.stringify(body),
      }),
    get: (path, cookie) => fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
  };
  let gone: number | string | undefined;
  void exited.then((code) => (gone = code));
  const ready = await until(
    `${name} to be ready`,
    async () => {
      if (gone !== undefined) return 'exited';
      return (await fetch(`${base}/api/health/ready`)).ok ? 'ready' : undefined;
    },
    120_000,
    200,
  ).catch((error: Error) => error.message);
  if (ready !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(`${name}: ${ready} (${String(gone)})\n${output.join('').slice(-3000)}`);
  }
  return bff;
}
