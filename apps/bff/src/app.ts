/**
 * The Hono app: the middleware every request passes (context, security headers, host allowlist,
 * size, origin, CSRF, session, rate limits), the route table behind it, and problem details for
 * what is not found or fails.
 */
import { Hono } from 'hono';
import type { AppEnv } from './context';
import { ProblemError, problemResponse } from './errors';
import { apiBodyLimit } from './middleware/body-limit';
import { csrfProtection } from './middleware/csrf';
import { hostAllowlist } from './middleware/host-allowlist';
import { operatorRateLimit } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { safeUrl } from './middleware/safe-url';
import { securityHeaders } from './middleware/security-headers';
import { sessionMiddleware } from './middleware/session';
import { OIDC_PATHS } from './routes/oidc-routes';
import { mountRoutes, readsService, sendsToService } from './routes/route-table';
import { WEBHOOK_PATH } from './routes/webhook-routes';
import { securityRuntime } from './security/security-runtime';

import type { AppDeps } from './app-deps';
import { BATCH_BODY_BYTES, routeTable } from './app-routes';

/**
 * The BFF as a Hono app, without a server: `main.ts` serves it, tests call `app.request()`.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.request('/api/health');
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const security = securityRuntime(deps.security ?? {}, deps.counters ?? deps.db);
  app.use('*', requestContext(deps.logger));
  // Headers (CSP, nosniff, no-store on /api, HSTS over HTTPS) on every answer, errors included.
  app.use('*', securityHeaders({ https: security.https }));
  // Any Host the configuration does not name is refused before routing (DNS rebinding). A load
  // balancer's probe and a metrics scraper name the process by its own address: the live and
  // ready checks say nothing, and the metrics need their token.
  const byAddress = new Set(['/api/health/live', '/api/health/ready', '/api/metrics']);
  const hosts = hostAllowlist(security.hosts);
  app.use('*', (c, next) => (byAddress.has(c.req.path) ? next() : hosts(c, next)));
  // Size, then origin, before the session is read: a refused request is never authenticated.
  const ssoPages: Record<string, string> = deps.sso
    ? {
        [OIDC_PATHS.start]: '/sign-in?sso=failed',
        [OIDC_PATHS.callback]: '/sign-in?sso=failed',
        [OIDC_PATHS.logout]: '/sign-in',
      }
    : {};
  app.use('/api/*', safeUrl({ pages: ssoPages }));
  app.use(
    '/api/*',
    apiBodyLimit(security.bodyLimitBytes, {
      '/api/batches/check': BATCH_BODY_BYTES,
      '/api/reconciliation/statements/check': BATCH_BODY_BYTES,
      '/api/reconciliation/statements': BATCH_BODY_BYTES,
      '/api/batches': BATCH_BODY_BYTES,
    }),
  );
  app.use(
    '/api/*',
    csrfProtection({
      origins: security.origins,
      // The provider's server posts there with a signed token, as no browser would.
      // So does the service's webhook, with its API key (issue 35).
      exempt: new Set([...(deps.sso ? [OIDC_PATHS.backchannelLogout] : []), WEBHOOK_PATH]),
    }),
  );
  app.use(
    '/api/*',
    sessionMiddleware(deps.sessions, deps.directory, security.cookie.name, deps.securityEvents),
  );
  const sends = operatorRateLimit(security.sendLimit);
  const reads = operatorRateLimit(security.readLimit);
  mountRoutes(app, routeTable(deps, security), (route) => [
    ...(sendsToService(route) ? [sends] : []),
    ...(readsService(route) ? [reads] : []),
  ]);

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
