/**
 * Test support: a throw-away PostgreSQL cluster from Debian's `postgresql` package (the one CI
 * installs), in a temporary directory on a free loopback port, stopped and deleted by `stop()`.
 * `initdb` refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  /** `postgres://…` of a database the tests may use. */
  url: string;
  /** The server's process id (its backends are its children). */
  pid: number;
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

/**
 * Starts a cluster; trust authentication on 127.0.0.1 only. Without fsync (it is thrown away)
 * unless `durable`: the bench measures what a commit costs in production, a WAL flush each.
 */
export async function startPgCluster(options: { durable?: boolean } = {}): Promise<PgCluster> {
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
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 ${
        options.durable
          ? '-c fsync=on -c synchronous_commit=on'
          : '-c fsync=off -c synchronous_commit=off'
      }`,
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`the throw-away PostgreSQL cluster did not start: ${stderr}`);
  }
  return {
    url: `postgres://console@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
