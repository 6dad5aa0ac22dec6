/**
 * `WORKERS=n` (n > 1, on PostgreSQL): the primary applies the migrations once, forks n workers
 * that each run the whole BFF on the one port (`node:cluster` hands connections round), replaces
 * a worker that dies, aggregates their metrics, and on SIGTERM stops them gracefully. Each worker
 * is a full replica: nothing they share lives anywhere but in the database.
 */
import cluster, { type Worker } from 'node:cluster';
import { openDb } from '../db/open-db';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { serveClusterMetrics } from '../metrics/metrics';
import { SHUTDOWN_GRACE_MS } from './start';

/** Runs the primary of `env.workers` workers; resolves when they have all stopped. */
export async function runPrimary(env: Env, logger: Logger): Promise<void> {
  // Once, before any worker: n workers starting together never race for the schema (the
  // migrations also take an advisory lock, should another machine start at the same moment).
  const db = await openDb({ databaseUrl: env.databaseUrl! });
  await db.close();
  serveClusterMetrics();

  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    // Its entries in flight stay SENDING under its lease; the others' resolvers take them over.
    logger.error({ worker: worker.id, code, signal }, 'a worker stopped; starting another');
    setTimeout(fork, 1_000).unref();
  });
  for (let i = 0; i < env.workers; i += 1) fork();
  await new Promise<void>((ready) => {
    let listening = 0;
    const onListening = () => {
      listening += 1;
      if (listening === env.workers) {
        cluster.off('listening', onListening);
        ready();
      }
    };
    cluster.on('listening', onListening);
  });
  logger.info({ workers: env.workers, port: env.port }, 'console ready');
  process.stdout.write(
    `\n  The svc operator console is running at http://${env.host}:${env.port} in ${env.workers} processes\n\n`,
  );

  await new Promise<void>((stopped) => {
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping the workers');
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      let left = workers.length;
      if (left === 0) stopped();
      for (const worker of workers) {
        worker.once('exit', () => {
          left -= 1;
          if (left === 0) stopped();
        });
        worker.process.kill('SIGTERM');
      }
      // A worker that does not stop within its grace (and a margin) is stopped hard: its leases
      // then run out and the other processes' resolvers take its entries.
      setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, SHUTDOWN_GRACE_MS + 10_000).unref();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
