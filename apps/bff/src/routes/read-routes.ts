import type { ReadAnswer } from '@console/schemas';
import type { AppEnv } from '../context';
import { proxyRead, type ReadProxyDeps } from '../reads/read-proxy';
import type { RouteDef } from './route-table';
import type { Context } from 'hono';

const PREFIX = '/api/svc';

/**
 * The path and query as the browser sent them, before any normalisation: Node's raw request URL
 * when served, else the request's URL (tests calling `app.request()`).
 */
function rawTarget(c: Context<AppEnv>): { path: string; query: string } {
  const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
  const target = incoming ?? `${new URL(c.req.url).pathname}${new URL(c.req.url).search}`;
  const at = target.indexOf('?');
  return at < 0
    ? { path: target, query: '' }
    : { path: target.slice(0, at), query: target.slice(at + 1) };
}

/** `GET /api/svc/v2/…`: every read of the registry, for every role it names (see reads/read-proxy.ts). */
export function readRoutes(deps: ReadProxyDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: `${PREFIX}/v2/*`,
      permission: { kind: 'read' },
      reads: true,
      handler: async (c) => {
        const fields = c.get('logFields');
        const { path, query } = rawTarget(c);
        const answer = await proxyRead(deps, {
          rawPath: path.startsWith(PREFIX) ? path.slice(PREFIX.length) : path,
          rawQuery: query,
          role: c.get('operator')!.role,
          requestId: c.get('requestId'),
        });
        Object.assign(fields, {
          operation: answer.operation,
          upstream_status: answer.upstreamStatus,
        });
        const body: ReadAnswer = {
          data: answer.data,
          ...(answer.fetchedAt ? { fetched_at: answer.fetchedAt.toISOString() } : {}),
        };
        return c.json(body);
      },
    },
  ];
}
