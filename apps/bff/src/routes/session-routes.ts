import { randomBytes } from 'node:crypto';
import { parseWith, SignInSchema, type Operator, type SessionInfo } from '@console/schemas';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ROLE_OPERATIONS } from '../access/permissions';
import type { AppEnv } from '../context';
import { problems } from '../errors';
import { SESSION_COOKIE } from '../middleware/session';
import type { OperatorDirectory } from '../operators/operator-directory';
import { hashPassword, verifyPassword } from '../operators/password';
import { toOperator } from '../operators/users-file';
import type { SessionStore } from '../sessions/session-store';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface SessionRouteDeps {
  sessions: SessionStore;
  directory: OperatorDirectory;
  /** Sets `Secure` on the cookie (served over HTTPS). */
  secureCookie?: boolean;
}

function sessionInfo(operator: Operator, expiresAt: Date): SessionInfo {
  return {
    operator,
    operations: [...ROLE_OPERATIONS[operator.role]],
    expires_at: expiresAt.toISOString(),
  };
}

/** Sign-in, who-am-I and sign-out. */
export function sessionRoutes(deps: SessionRouteDeps): RouteDef[] {
  // An unknown username is checked against this hash, so that it costs what a wrong password
  // costs and the answer's timing does not tell which usernames exist.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  const signIn = async (c: Context<AppEnv>) => {
    const parsed = parseWith(SignInSchema, await jsonBody(c));
    if (!parsed.ok) throw problems.validation(parsed.errors);
    const { username, password } = parsed.value;
    const user = deps.directory.find(username);
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
    if (!user || !valid) throw problems.unauthenticated('The username or password is wrong.');

    // A new session id at every sign-in; a session the browser still had ends here.
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await deps.sessions.end(previous);
    const { token, session } = await deps.sessions.create(user.username, {
      userAgent: c.req.header('user-agent'),
    });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: deps.secureCookie ?? false,
    });
    c.set('operator', toOperator(user));
    return c.json(sessionInfo(toOperator(user), session.expiresAt), 200);
  };

  return [
    { method: 'POST', path: '/api/session', permission: { kind: 'public' }, handler: signIn },
    {
      method: 'GET',
      path: '/api/session',
      permission: { kind: 'signed-in' },
      handler: (c) =>
        c.json(sessionInfo(c.get('operator')!, c.get('sessionExpiresAt') ?? new Date())),
    },
    {
      method: 'DELETE',
      path: '/api/session',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const token = getCookie(c, SESSION_COOKIE);
        if (token) await deps.sessions.end(token);
        deleteCookie(c, SESSION_COOKIE, { path: '/', secure: deps.secureCookie ?? false });
        return c.body(null, 204);
      },
    },
  ];
}
