/**
 * Test support: a throw-away PostgreSQL cluster from Debian's `postgresql` package (the one CI
 * installs), in a temporary directory on a free loopback port, stopped and deleted by `stop()`.
 * `initdb` refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  /** `postgres://…` of a database the tests may use. */
  url: string;
  stop(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin`, or a clear error saying what to install. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) {
    throw new Error(
      'PostgreSQL is not installed: these tests start their own cluster with initdb and pg_ctl from ' +
        "Debian's postgresql package (apt-get install -y postgresql; .ci/run installs it)",
    );
  }
  return join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a cluster; trust authentication on 127.0.0.1 only, no fsync (it is thrown away). */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'));
  const asRoot = process.getuid?.() === 0;
  let run = (command: string, args: string[]) =>
    execFileSync(join(bin, command), args, { stdio: 'pipe', timeout: 60_000 });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    run = (command, args) =>
      execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
        stdio: 'pipe',
        timeout: 60_000,
      });
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-U', 'console', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`,
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`the throw-away PostgreSQL cluster did not start: ${stderr}`);
  }
  return {
    url: `postgres://console@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
