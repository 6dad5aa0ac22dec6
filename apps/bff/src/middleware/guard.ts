import type { MiddlewareHandler } from 'hono';
import { allows, type Permission } from '../access/permissions';
import type { AppEnv } from '../context';
import { problems } from '../errors';

/**
 * Lets a request through only when the signed-in operator has the route's permission: 401
 * without a session, 403 with a role that lacks it. It runs before the handler reads the body,
 * so a refused request is never validated, journaled or sent.
 */
export function guard(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('permission', permission);
    if (permission.kind !== 'public') {
      const operator = c.get('operator');
      if (!operator) throw problems.unauthenticated();
      if (!allows(operator.role, permission)) {
        throw problems.forbidden(
          permission.kind === 'operation'
            ? `The ${operator.role} role may not use ${permission.operation}.`
            : `The ${operator.role} role may not do this.`,
        );
      }
    }
    await next();
  };
}
