import { UUID_PATTERN } from '@console/schemas';
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { Permission } from '../access/permissions';
import type { AppEnv } from '../context';
import { problems } from '../errors';
import { guard } from '../middleware/guard';

/**
 * Every `:id` of the BFF's routes names a row by its UUID (journal entries, approvals, sessions):
 * anything else is answered 404 before it reaches a query.
 */
const uuidParam: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!UUID_PATTERN.test(c.req.param('id') ?? '')) {
    throw problems.notFound('There is nothing with this id.');
  }
  await next();
};

/** One route of the BFF and who may use it. */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  permission: Permission;
  handler: Handler<AppEnv>;
  /**
   * The route may send to the service: it is rate-limited per operator. Unset, a POST with an
   * operation permission is taken to send (each operation's route and the journal retry).
   */
  sends?: boolean;
  /**
   * The route reads the service for the operator (the read proxy, the approval page's record
   * read again): it is rate-limited per operator, apart from sends.
   */
  reads?: boolean;
}

/** True when `route` may send to the service (and so is rate-limited per operator). */
export function sendsToService(route: RouteDef): boolean {
  return (
    route.sends ??
    (route.method === 'POST' &&
      (route.permission.kind === 'operation' || route.permission.kind === 'any-operation'))
  );
}

/** True when `route` reads the service for the operator (and so is rate-limited per operator). */
export function readsService(route: RouteDef): boolean {
  return route.reads === true;
}

/**
 * Registers routes, each behind the guard of its permission. This is the only way the app adds a
 * route, so the table that tests loop over is the whole surface of the BFF.
 */
export function mountRoutes(
  app: Hono<AppEnv>,
  routes: readonly RouteDef[],
  /** Middleware run after the guard and before the handler (the operator rate limits). */
  after: (route: RouteDef) => MiddlewareHandler<AppEnv>[] = () => [],
): void {
  for (const route of routes) {
    const ids = route.path.includes('/:id') ? [uuidParam] : [];
    app.on(
      route.method,
      route.path,
      guard(route.permission),
      ...ids,
      ...after(route),
      route.handler,
    );
  }
}
