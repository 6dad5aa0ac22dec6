import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import type { OperatorDirectory } from '../operators/operator-directory';
import { operatorGeneration, toOperator } from '../operators/users-file';
import type { SecurityEventStore } from '../security/security-events';
import { SESSION_COOKIE } from '../sessions/session-cookie';
import type { SessionStore, TouchMode } from '../sessions/session-store';

/**
 * Sent by the SPA on requests it makes on its own (polls): they read the session without
 * restarting its idle clock, so an unattended console still signs out.
 */
export const BACKGROUND_HEADER = 'X-Console-Background';

/** "Stay signed in": the one route whose request restarts the idle clock at once. */
const EXTEND_PATH = '/api/session/extend';

export { SESSION_COOKIE } from '../sessions/session-cookie';

/**
 * Finds the signed-in operator from the session cookie. A password session (or a single sign-on
 * mapped to a local operator) belongs to one record of the operator directory (its generation at
 * sign-in): when the operator was removed, added again, given another role or a new password
 * since, the session is ended for good at this request. A single sign-on of a person in no users
 * file carries its operator as the provider vouched for them at sign-in.
 * Sets nothing when there is no live session; the route guard decides what that means.
 *
 * @param cookieName `console_session`, or `__Host-console_session` over HTTPS (only that one is
 *   read: a cookie of the other name could have been planted over plain HTTP).
 */
export function sessionMiddleware(
  sessions: SessionStore,
  directory: OperatorDirectory,
  cookieName: string = SESSION_COOKIE,
  events?: SecurityEventStore,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, cookieName);
    if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
      const mode: TouchMode =
        c.req.path === EXTEND_PATH && c.req.method === 'POST'
          ? 'extend'
          : c.req.header(BACKGROUND_HEADER) === '1'
            ? 'passive'
            : 'active';
      const session = await sessions.touch(token, mode);
      // A single sign-on names its operator itself. One mapped to a local operator (its
      // `sso_identity` in the users file) is that operator, bound to the record like a password
      // session: unlinking, a role change or removal ends it.
      const bound = session !== undefined && session.username !== session.sso?.identity;
      const user = session && bound ? directory.find(session.username) : undefined;
      if (session && bound && (!user || operatorGeneration(user) !== session.generation)) {
        // Ended, not merely refused: putting the record back does not revive it.
        await sessions.endById(session.id, undefined);
        await events?.record({
          kind: 'session-revoked',
          username: session.username,
          requestId: c.get('requestId'),
          sessionId: session.id,
          detail: user
            ? 'the operator’s role or password changed, or they were added again'
            : 'the operator was removed',
        });
      } else if (session) {
        c.set(
          'operator',
          user
            ? toOperator(user)
            : {
                username: session.username,
                display_name: session.sso!.displayName,
                role: session.sso!.role,
              },
        );
        c.set('sessionId', session.id);
        c.set('sessionExpiresAt', session.expiresAt);
        c.set('sessionEndsAt', session.endsAt);
        c.set('ssoSession', session.sso !== undefined);
      }
    }
    await next();
  };
}
