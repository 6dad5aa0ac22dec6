/**
 * `node apps/bff/dist/main.js` (or `pnpm --filter @console/bff start`): the BFF as a process, or
 * with `WORKERS=n` as the primary of n worker processes on one port, each running this too.
 */
import cluster from 'node:cluster';
import { runPrimary } from './bootstrap/cluster';
import { startBff } from './bootstrap/start';
import { EnvError, readEnv } from './env';
import { createLogger } from './logger';
import { UsersFileError } from './operators/users-file';

async function main(): Promise<void> {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.logLevel);
  if (env.workers > 1 && cluster.isPrimary) {
    await runPrimary(env, logger);
    process.exit(0);
  }
  const bff = await startBff(env, { logger });
  logger.info({ url: bff.url, sandbox: bff.sandbox?.url ?? null }, 'console ready');

  // A worker's start is the primary's to announce.
  const lines = cluster.isWorker ? [] : [`\n  The svc operator console is running at ${bff.url}\n`];
  for (const warning of bff.warnings) lines.push(`  Warning: ${warning}\n`);
  if (bff.sandbox)
    lines.push(`  Against the embedded sandbox at ${bff.sandbox.url} (signed requests).\n`);
  if (bff.demo) {
    // Passwords go to a terminal only: piped output tends to end up in log stores.
    if (process.stdout.isTTY) {
      lines.push(
        '  Sign in as one of the demo operators (two admins and two finance: four eyes):\n',
      );
      for (const user of bff.demo.users) {
        const password =
          bff.demo.passwords[user.username] ??
          `(not kept in ${bff.demo.file}: set with pnpm cli users:reset-password)`;
        lines.push(
          `    ${user.username.padEnd(9)} ${password.padEnd(16)}  ${user.role.padEnd(8)} ${user.display_name}\n`,
        );
      }
    } else {
      lines.push(
        `  Demo operators: ${bff.demo.users.map((u) => u.username).join(', ')}; their passwords are in ${bff.demo.file}\n`,
      );
    }
  }
  if (lines.length > 0) process.stdout.write(`${lines.join('')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    bff.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A file the operator must fix: its message names the file, the member and the fix, alone.
  if (error instanceof UsersFileError || (error as Error | undefined)?.name === 'SavedStateError') {
    process.stderr.write(`The console could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger('error');
  logger.fatal({ err: error }, 'the console could not start');
  logger.flush();
  setTimeout(() => process.exit(1), 100);
});
