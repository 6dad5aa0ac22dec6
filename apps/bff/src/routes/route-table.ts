import type { Handler, Hono } from 'hono';
import type { Permission } from '../access/permissions';
import type { AppEnv } from '../context';
import { guard } from '../middleware/guard';

/** One route of the BFF and who may use it. */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  permission: Permission;
  handler: Handler<AppEnv>;
}

/**
 * Registers routes, each behind the guard of its permission. This is the only way the app adds a
 * route, so the table that tests loop over is the whole surface of the BFF.
 */
export function mountRoutes(app: Hono<AppEnv>, routes: readonly RouteDef[]): void {
  for (const route of routes) {
    app.on(route.method, route.path, guard(route.permission), route.handler);
  }
}
