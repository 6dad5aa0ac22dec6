import type { Operator } from '@console/schemas';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import type { OperatorDirectory } from '../operators/operator-directory';
import { operatorGeneration, toOperator } from '../operators/users-file';
import type { SecurityEventStore } from '../security/security-events';
import { SESSION_COOKIE } from '../sessions/session-cookie';
import type { ActiveSession, SessionStore, TouchMode } from '../sessions/session-types';

/**
 * Sent by the SPA on requests it makes on its own (polls): they read the session without
 * restarting its idle clock, so an unattended console still signs out.
 */
export const BACKGROUND_HEADER = 'X-Console-Background';

/** "Stay signed in": the one route whose request restarts the idle clock at once. */
const EXTEND_PATH = '/api/session/extend';

export { SESSION_COOKIE } from '../sessions/session-cookie';

/** What a session token looks like (32 random bytes, base64url): anything else is not looked up. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A live session and the operator it is, as a request of it sees them. */
export interface LiveOperator {
  session: ActiveSession;
  operator: Operator;
}

/**
 * The live session of `token` and its operator, or undefined. A password session (or a single
 * sign-on mapped to a local operator) belongs to one record of the operator directory (its
 * generation at sign-in): when the operator was removed, added again, given another role or a new
 * password since, the session is ended for good here. A single sign-on of a person in no users
 * file carries its operator as the provider vouched for them at sign-in. Used by every request
 * (the middleware below) and by a live stream before each change it writes.
 */
export async function liveOperator(
  deps: { sessions: SessionStore; directory: OperatorDirectory; events?: SecurityEventStore },
  token: string,
  mode: TouchMode,
  requestId: string,
): Promise<LiveOperator | undefined> {
  const session = await deps.sessions.touch(token, mode);
  if (!session) return undefined;
  // A single sign-on names its operator itself. One mapped to a local operator (its
  // `sso_identity` in the users file) is that operator, bound to the record like a password
  // session: unlinking, a role change or removal ends it.
  const bound = session.username !== session.sso?.identity;
  const user = bound ? deps.directory.find(session.username) : undefined;
  if (bound && (!user || operatorGeneration(user) !== session.generation)) {
    // Ended, not merely refused: putting the record back does not revive it.
    await deps.sessions.endById(session.id, undefined);
    await deps.events?.record({
      kind: 'session-revoked',
      username: session.username,
      requestId,
      sessionId: session.id,
      detail: user
        ? 'the operator’s role or password changed, or they were added again'
        : 'the operator was removed',
    });
    return undefined;
  }
  return {
    session,
    operator: user
      ? toOperator(user)
      : {
          username: session.username,
          display_name: session.sso!.displayName,
          role: session.sso!.role,
        },
  };
}

/**
 * Finds the signed-in operator from the session cookie (`liveOperator`).
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
    if (token && TOKEN.test(token)) {
      const mode: TouchMode =
        c.req.path === EXTEND_PATH && c.req.method === 'POST'
          ? 'extend'
          : c.req.header(BACKGROUND_HEADER) === '1'
            ? 'passive'
            : 'active';
      const live = await liveOperator(
        { sessions, directory, ...(events ? { events } : {}) },
        token,
        mode,
        c.get('requestId'),
      );
      if (live) {
        const { session, operator } = live;
        c.set('operator', operator);
        c.set('sessionId', session.id);
        c.set('sessionExpiresAt', session.expiresAt);
        c.set('sessionEndsAt', session.endsAt);
        c.set('sessionSignedInAt', session.signedInAt);
        c.set('ssoSession', session.sso !== undefined);
      }
    }
    await next();
  };
}
