import { Hono } from 'hono';
import type { AppEnv } from './context';
import { ProblemError, problemResponse } from './errors';
import type { JournalStore } from './journal/journal-store';
import type { Logger } from './logger';
import { requestContext } from './middleware/request-context';
import { sessionMiddleware } from './middleware/session';
import type { OperatorDirectory } from './operators/operator-directory';
import { healthRoutes } from './routes/health-routes';
import { journalRoutes } from './routes/journal-routes';
import { operationRoutes } from './routes/operation-routes';
import { ordersRoutes } from './routes/orders-routes';
import { mountRoutes, type RouteDef } from './routes/route-table';
import { sessionRoutes } from './routes/session-routes';
import { staticRoutes } from './routes/static-routes';
import type { SessionStore } from './sessions/session-store';
import type { UpstreamClient } from './upstream/client';

/** Everything the app needs, injected so that tests can replace the service or the clock. */
export interface AppDeps {
  journal: JournalStore;
  sessions: SessionStore;
  directory: OperatorDirectory;
  client: UpstreamClient;
  logger: Logger;
  /** Per attempt to the service. */
  timeoutMs: number;
  /** Unix milliseconds: the clock rules of the schemas are checked against it at send time. */
  now?: () => number;
  /** The built SPA (`apps/web/dist`); served when it holds an `index.html`. */
  webDist?: string;
  secureCookie?: boolean;
  /** Aborted at shutdown: sends in flight stop waiting and are journaled UNKNOWN. */
  signal?: AbortSignal;
}

/** The route table: every route the app registers, with its permission. */
export function routeTable(deps: AppDeps): RouteDef[] {
  const dispatchDeps = {
    journal: deps.journal,
    client: deps.client,
    timeoutMs: deps.timeoutMs,
    ...(deps.signal ? { signal: deps.signal } : {}),
  };
  return [
    ...healthRoutes(deps.journal),
    ...sessionRoutes(deps),
    ...operationRoutes({ ...dispatchDeps, now: deps.now ?? Date.now }),
    ...journalRoutes(dispatchDeps),
    ...ordersRoutes(deps.journal),
    ...(deps.webDist ? staticRoutes(deps.webDist) : []),
  ];
}

/**
 * The BFF as a Hono app, without a server: `main.ts` serves it, tests call `app.request()`.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.request('/api/health');
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps.logger));
  app.use('/api/*', sessionMiddleware(deps.sessions, deps.directory));
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers carry who is signed in and what they may see: never cached anywhere.
    c.header('Cache-Control', 'no-store');
  });
  mountRoutes(app, routeTable(deps));

  app.notFound((c) =>
    problemResponse(c, {
      status: 404,
      code: 'not-found',
      detail: `There is no route ${c.req.method} ${c.req.path}.`,
    }),
  );
  app.onError((error, c) => {
    if (error instanceof ProblemError) return problemResponse(c, error.init);
    // The details go to the log under the request id; the browser gets the id and nothing else.
    deps.logger.error({ request_id: c.get('requestId'), err: error }, 'unexpected error');
    return problemResponse(c, {
      status: 500,
      code: 'internal',
      detail: `An unexpected error occurred. Quote request id ${c.get('requestId')} when reporting it.`,
    });
  });
  return app;
}
