import type { AppEnv } from '../context';
import { problemResponse } from '../errors';
import type { JournalStore } from '../journal/journal-store';
import type { RouteDef } from './route-table';
import type { Context } from 'hono';

/** Whether this process takes new work: false from the start of a graceful shutdown on. */
export interface Readiness {
  accepting(): boolean;
}

/**
 * `GET /api/health/live`: the process answers (a load balancer or supervisor restarts it when
 * not). `GET /api/health/ready` and `GET /api/health`: it may be sent work: the migrations ran
 * (the app exists only after them), the database answers within two seconds, and it is not
 * shutting down.
 */
export function healthRoutes(
  journal: JournalStore,
  readiness: Readiness = { accepting: () => true },
): RouteDef[] {
  const ready = async (c: Context<AppEnv>) => {
    if (!readiness.accepting()) {
      return problemResponse(c, {
        status: 503,
        code: 'unavailable',
        detail: 'This process is shutting down.',
      });
    }
    try {
      await Promise.race([
        journal.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
      ]);
      return c.json({ status: 'ok' });
    } catch {
      return problemResponse(c, {
        status: 503,
        code: 'unavailable',
        detail: 'The database does not answer.',
      });
    }
  };
  const live = (c: Context<AppEnv>) => c.json({ status: 'live' });
  return [
    { method: 'GET', path: '/api/health', permission: { kind: 'public' }, handler: ready },
    { method: 'GET', path: '/api/health/ready', permission: { kind: 'public' }, handler: ready },
    { method: 'GET', path: '/api/health/live', permission: { kind: 'public' }, handler: live },
  ];
}
