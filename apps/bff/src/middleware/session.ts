import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import type { OperatorDirectory } from '../operators/operator-directory';
import { toOperator } from '../operators/users-file';
import { SESSION_COOKIE } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-store';

export { SESSION_COOKIE } from '../sessions/session-cookie';

/**
 * Finds the signed-in operator from the session cookie. The role is read from the operator
 * directory on every request, so a changed role or a removed operator takes effect at once.
 * Sets nothing when there is no live session; the route guard decides what that means.
 *
 * @param cookieName `console_session`, or `__Host-console_session` over HTTPS (only that one is
 *   read: a cookie of the other name could have been planted over plain HTTP).
 */
export function sessionMiddleware(
  sessions: SessionStore,
  directory: OperatorDirectory,
  cookieName: string = SESSION_COOKIE,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, cookieName);
    if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
      const session = await sessions.touch(token);
      const user = session ? directory.find(session.username) : undefined;
      if (session && user) {
        c.set('operator', toOperator(user));
        c.set('sessionId', session.id);
        c.set('sessionExpiresAt', session.expiresAt);
      }
    }
    await next();
  };
}
