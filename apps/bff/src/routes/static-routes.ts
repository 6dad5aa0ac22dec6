import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { problems } from '../errors';
import type { RouteDef } from './route-table';

const noop = async () => {};

/**
 * The built SPA, when `dir` holds one: hashed `/assets/*` cached for a year (their name changes
 * when they do), everything else and the SPA fallback (`index.html` for any other non-API GET)
 * revalidated on every load so that a deploy is picked up at once.
 */
export function staticRoutes(dir: string): RouteDef[] {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return [];

  const files = serveStatic<AppEnv>({ root: dir });
  const cached = (res: Response | void, policy: string) => {
    if (res) res.headers.set('Cache-Control', policy);
    return res;
  };
  const index = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    // Read each time: a rebuilt SPA is served without restarting the BFF.
    return c.html(readFileSync(indexFile, 'utf8'));
  };

  return [
    {
      method: 'GET',
      path: '/assets/*',
      permission: { kind: 'public' },
      handler: async (c) => {
        const res = cached(await files(c, noop), 'public, max-age=31536000, immutable');
        if (!res) throw problems.notFound('No such asset.');
        return res;
      },
    },
    {
      method: 'GET',
      path: '*',
      permission: { kind: 'public' },
      handler: async (c) => {
        if (c.req.path.startsWith('/api/') || c.req.path === '/api') {
          throw problems.notFound(`There is no API route ${c.req.method} ${c.req.path}.`);
        }
        if (c.req.path === '/' || c.req.path === '/index.html') return index(c);
        return cached(await files(c, noop), 'no-cache') ?? index(c);
      },
    },
  ];
}
