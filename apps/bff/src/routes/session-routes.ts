import { randomBytes } from 'node:crypto';
import {
  parseWith,
  SignInSchema,
  type Operator,
  type SessionInfo,
  type SignInOptions,
} from '@console/schemas';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ROLE_OPERATIONS } from '../access/permissions';
import type { AppEnv } from '../context';
import { ProblemError, problems } from '../errors';
import type { OperatorDirectory } from '../operators/operator-directory';
import { hashParams, hashPassword, verifyPassword } from '../operators/password';
import { operatorGeneration, toOperator } from '../operators/users-file';
import type { SecurityEventStore } from '../security/security-events';
import type { SignInThrottle } from '../security/sign-in-throttle';
import type { SessionCookie } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-types';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface SessionRouteDeps {
  sessions: SessionStore;
  directory: OperatorDirectory;
  events: SecurityEventStore;
  throttle: SignInThrottle;
  /** The cookie's name and flags (`__Host-` and `Secure` over HTTPS). */
  cookie: SessionCookie;
  /** The client's address (socket, or the trusted proxy's `X-Forwarded-For`). */
  clientAddress: (c: Context<AppEnv>) => string;
  /** The slow-down after failures waits with it; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
  /** Single sign-on, when configured: its name, and whether the provider offers logout. */
  sso?: { providerName: string; offersLogout: () => Promise<boolean> } | undefined;
  /**
   * Whether the password form is a way in: always without single sign-on; with it, only when a
   * users file is configured (break-glass).
   */
  passwordSignIn?: boolean;
}

function sessionInfo(
  operator: Operator,
  expiresAt: Date,
  endsAt: Date,
  sso: SessionInfo['sso'] = null,
): SessionInfo {
  return {
    operator,
    operations: [...ROLE_OPERATIONS[operator.role]],
    expires_at: expiresAt.toISOString(),
    ends_at: endsAt.toISOString(),
    sso,
  };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sign-in, who-am-I and sign-out. */
export function sessionRoutes(deps: SessionRouteDeps): RouteDef[] {
  // An unknown username is checked against this hash, made with the cost of the operators' own
  // hashes, so that it costs what a wrong password costs and the answer's timing does not tell
  // which usernames exist.
  const dummyHash = hashPassword(
    randomBytes(16).toString('hex'),
    hashParams(deps.directory.list()[0]?.password_hash ?? ''),
  );
  const sleep = deps.sleep ?? realSleep;
  const { cookie, events, throttle, sso } = deps;
  const passwordSignIn = deps.passwordSignIn ?? true;
  const options: SignInOptions = {
    sso: sso ? { provider_name: sso.providerName, start_path: '/api/session/oidc/start' } : null,
    password: passwordSignIn ? (sso ? 'break-glass' : 'primary') : null,
  };
  /** For a single sign-on: the provider's name, and whether signing out goes there too. */
  const ssoInfo = async (c: Context<AppEnv>): Promise<SessionInfo['sso']> =>
    sso && c.get('ssoSession')
      ? { provider_name: sso.providerName, provider_logout: await sso.offersLogout() }
      : null;

  /** The signed-in operator's session as the session middleware found (or extended) it. */
  const currentInfo = async (c: Context<AppEnv>) =>
    c.json(
      sessionInfo(
        c.get('operator')!,
        c.get('sessionExpiresAt') ?? new Date(),
        c.get('sessionEndsAt') ?? new Date(),
        await ssoInfo(c),
      ),
    );

  const signIn = async (c: Context<AppEnv>) => {
    if (!passwordSignIn) {
      throw problems.forbidden(
        `Password sign-in is off: sign in with ${sso?.providerName ?? 'the company’s provider'}.`,
      );
    }
    // Bounds first: a password out of them is refused before any hashing or counting.
    const parsed = parseWith(SignInSchema, await jsonBody(c));
    if (!parsed.ok) throw problems.validation(parsed.errors);
    const { username, password } = parsed.value;
    const address = deps.clientAddress(c);
    const user = deps.directory.find(username);
    const who = {
      username,
      // A name that is no operator's may be a password typed in the wrong field: never kept.
      known: user !== undefined,
      requestId: c.get('requestId'),
      clientAddress: address,
      userAgent: c.req.header('user-agent'),
    };
    // The outcome goes on the request's log line too (never the typed username, for the same reason).
    const fields = c.get('logFields');
    const refuse = async (retryAfterMs: number) => {
      fields.sign_in = 'refused-locked';
      await events.recordFailure({ ...who, kind: 'sign-in-refused' });
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      return new ProblemError({
        status: 429,
        code: 'sign-in-locked',
        detail: 'Too many failed sign-ins. Wait a while, then try again.',
        headers: { 'Retry-After': String(seconds) },
      });
    };

    // The attempt is counted before the password is looked at: past the limit, it never is.
    const reserved = await throttle.reserve(username, address);
    if (!reserved.allowed) throw await refuse(reserved.retryAfterMs);

    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash));
    if (!user || !valid) {
      const { delayMs, locked } = throttle.failed(reserved.reservation);
      fields.sign_in = locked.length > 0 ? `failed, locked ${locked.join(' and ')}` : 'failed';
      await events.recordFailure({ ...who, kind: 'sign-in-failed' });
      if (locked.length > 0) {
        await events.recordFailure({
          ...who,
          kind: 'sign-in-locked',
          detail: `locked: ${locked.join(', ')}`,
        });
      }
      await sleep(delayMs);
      throw problems.unauthenticated('The username or password is wrong.');
    }
    // Right, but a burst of attempts went past the limit meanwhile: refused like the rest.
    if (!(await throttle.succeeded(reserved.reservation))) throw await refuse(throttle.lockMs);

    // A new session id at every sign-in; a session the browser still had ends here.
    const previous = getCookie(c, cookie.name);
    if (previous) await deps.sessions.end(previous);
    const { token, session } = await deps.sessions.create(user.username, operatorGeneration(user), {
      address,
      userAgent: who.userAgent,
    });
    await events.record({
      requestId: who.requestId,
      clientAddress: address,
      userAgent: who.userAgent,
      username: user.username,
      kind: 'sign-in',
      sessionId: session.id,
    });
    setCookie(c, cookie.name, token, cookie.options);
    c.set('operator', toOperator(user));
    return c.json(sessionInfo(toOperator(user), session.expiresAt, session.endsAt), 200);
  };

  const signOut = async (c: Context<AppEnv>) => {
    const token = getCookie(c, cookie.name);
    // A single sign-on goes on to the provider's logout (`GET /api/session/oidc/logout`), which
    // needs this cookie once more to open the ID token it keeps sealed; the session is over now.
    const providerNext = (await ssoInfo(c))?.provider_logout === true;
    const id = token ? await deps.sessions.end(token) : undefined;
    await events.record({
      kind: 'sign-out',
      username: c.get('operator')!.username,
      requestId: c.get('requestId'),
      clientAddress: deps.clientAddress(c),
      userAgent: c.req.header('user-agent'),
      sessionId: id,
    });
    if (!providerNext) deleteCookie(c, cookie.name, cookie.options);
    return c.body(null, 204);
  };

  return [
    {
      method: 'GET',
      path: '/api/session/options',
      permission: { kind: 'public' },
      handler: (c) => c.json(options),
    },
    { method: 'POST', path: '/api/session', permission: { kind: 'public' }, handler: signIn },
    {
      method: 'GET',
      path: '/api/session',
      permission: { kind: 'signed-in' },
      handler: currentInfo,
    },
    {
      // "Stay signed in": the session middleware restarts the idle clock for this path (never
      // past the absolute end); the answer says until when.
      method: 'POST',
      path: '/api/session/extend',
      permission: { kind: 'signed-in' },
      sends: false,
      handler: currentInfo,
    },
    {
      method: 'DELETE',
      path: '/api/session',
      permission: { kind: 'signed-in' },
      handler: signOut,
    },
  ];
}
