import type { AppEnv } from '../context';
import { problemResponse } from '../errors';
import type { JournalStore } from '../journal/journal-store';
import type { RouteDef } from './route-table';
import type { Context } from 'hono';

/** `GET /api/health`: ready only when the database answers (within two seconds). */
export function healthRoutes(journal: JournalStore): RouteDef[] {
  const handler = async (c: Context<AppEnv>) => {
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
  return [{ method: 'GET', path: '/api/health', permission: { kind: 'public' }, handler }];
}
