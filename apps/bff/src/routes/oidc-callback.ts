import type { SsoOutcome } from '@console/schemas';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import type { FlowStore } from '../oidc/flow-store';
import { failureOf, type OidcClient, type VerifiedPerson } from '../oidc/oidc-client';
import { roleFor } from '../oidc/role-claim';
import { ssoIdentity } from '../oidc/sso-identity';
import type { SsoOperatorStore } from '../oidc/sso-operators';
import type { OperatorDirectory } from '../operators/operator-directory';
import { operatorGeneration } from '../operators/users-file';
import type { SecurityEventStore } from '../security/security-events';
import type { SessionCookie } from '../sessions/session-cookie';
import type { SessionStore } from '../sessions/session-types';
import type { SsoSessionStore } from '../sessions/sso-session-store';
import type { Logger } from '../logger';

/** What the callback needs. */
export interface OidcCallbackDeps {
  oidc: OidcClient;
  flows: FlowStore;
  sessions: SessionStore;
  /** Ends the single sign-ons of a person the provider no longer gives a role. */
  ssoSessions: SsoSessionStore;
  ssoOperators: SsoOperatorStore;
  directory: OperatorDirectory;
  events: SecurityEventStore;
  /** The session cookie, set exactly as the password sign-in sets it. */
  cookie: SessionCookie;
  /** The short-lived cookie that binds a flow to the browser that began it. */
  flowCookie: SessionCookie;
  clientAddress: (c: Context<AppEnv>) => string;
  logger: Logger;
}

/** Where a sign-in that made no session sends the browser: the sign-in page, saying why. */
const refusedPage = (c: Context<AppEnv>, outcome: SsoOutcome) =>
  c.redirect(`/sign-in?sso=${outcome}`, 303);

/** The groups of a refused person, for the security event: what the provider said, bounded. */
const listed = (groups: string[] | undefined) =>
  groups === undefined
    ? 'the claim was absent'
    : `[${groups.slice(0, 20).join(', ')}]`.slice(0, 300);

/**
 * `GET /api/session/oidc/callback`: the provider sends the browser back here. The flow is taken
 * (single use) by the cookie of the browser that began it; the library checks state, exchanges
 * the code with the PKCE verifier and validates the ID token and its nonce; then the role comes
 * from the claim. Every way it can fail makes no session, records a security event and sends
 * the browser to the sign-in page with a reason; it never answers an error body or a 500.
 */
export function oidcCallback(deps: OidcCallbackDeps) {
  const { oidc, events } = deps;
  const settings = oidc.settings;

  // The provider's word, in a verified ID token, that the person holds no console role now (an
  // absent claim included: many providers leave out an empty one). What the console kept from
  // their earlier sign-ins goes: the role their approvals count by, and their single sign-ons.
  const withdraw = async (c: Context<AppEnv>, identity: string) => {
    await deps.ssoOperators.roleWithdrawn(identity);
    for (const ended of await deps.ssoSessions.endSso({ identity, sid: undefined })) {
      await events.record({
        kind: 'session-revoked',
        username: ended.username,
        requestId: c.get('requestId'),
        sessionId: ended.id,
        detail: `${settings.providerName} gives ${identity} no console role any more`,
      });
    }
  };

  const signIn = async (c: Context<AppEnv>, person: VerifiedPerson, returnTo: string) => {
    const who = {
      requestId: c.get('requestId'),
      clientAddress: deps.clientAddress(c),
      userAgent: c.req.header('user-agent'),
    };
    const identity = ssoIdentity(person.issuer, person.subject);
    const role = person.groups ? roleFor(person.groups, settings.roleMap) : undefined;
    const linked = deps.directory.list().find((user) => user.sso_identity === identity);
    const refuse = async (detail: string, outcome: SsoOutcome) => {
      await events.record({ ...who, kind: 'sso-sign-in-refused', username: identity, detail });
      c.get('logFields').sign_in = `sso refused (${outcome})`;
      return refusedPage(c, outcome);
    };
    if (!role) {
      const page = await refuse(
        `${person.displayName}: no console role in ${settings.roleClaim} ${listed(person.groups)}`,
        'no-role',
      );
      await withdraw(c, identity);
      return page;
    }
    // One operator, one role: a linked person signs in with the role of their record.
    if (linked && linked.role !== role) {
      return refuse(
        `${person.displayName} is linked to ${linked.username}, whose role is ${linked.role}; the provider gives ${role}`,
        'role-differs',
      );
    }
    if (!linked) {
      await deps.ssoOperators.signedIn({
        identity,
        issuer: person.issuer,
        subject: person.subject,
        display_name: person.displayName,
        role,
        email: person.email,
      });
    }
    // A new session id at every sign-in; a session the browser still had ends here.
    const previous = getCookie(c, deps.cookie.name);
    if (previous) await deps.sessions.end(previous);
    const username = linked?.username ?? identity;
    const { token, session } = await deps.sessions.create(
      username,
      linked ? operatorGeneration(linked) : '',
      { address: who.clientAddress, userAgent: who.userAgent },
      {
        identity,
        displayName: linked?.display_name ?? person.displayName,
        role,
        sid: person.sid,
        idToken: person.idToken,
        endsBy: person.expiresAt,
      },
    );
    await events.record({
      ...who,
      kind: 'sign-in',
      username,
      sessionId: session.id,
      detail: `single sign-on through ${settings.providerName} as ${identity}${linked ? ` (${person.displayName})` : ''}`,
    });
    c.get('logFields').sign_in = 'sso';
    setCookie(c, deps.cookie.name, token, deps.cookie.options);
    return c.redirect(returnTo, 303);
  };

  return async (c: Context<AppEnv>) => {
    const who = {
      requestId: c.get('requestId'),
      clientAddress: deps.clientAddress(c),
      userAgent: c.req.header('user-agent'),
    };
    const handle = getCookie(c, deps.flowCookie.name);
    deleteCookie(c, deps.flowCookie.name, deps.flowCookie.options);
    try {
      const taken = handle ? await deps.flows.take(handle) : ({ kind: 'none' } as const);
      if (taken.kind !== 'live') {
        // Anyone can call this address: these are counted per address and minute, not one row each.
        await events.recordFailure({
          ...who,
          kind: 'sso-sign-in-failed',
          username: '(single sign-on)',
          known: true,
          detail:
            taken.kind === 'expired'
              ? 'the sign-in was begun more than 10 minutes ago'
              : 'no sign-in was begun in this browser (no flow cookie, or one already used)',
        });
        return refusedPage(c, 'expired');
      }
      const query = new URL(c.req.url).search;
      let person: VerifiedPerson;
      try {
        person = await oidc.finish(query, taken.flow);
      } catch (error) {
        const failure = failureOf(error);
        await events.record({
          ...who,
          kind: 'sso-sign-in-failed',
          username: '(single sign-on)',
          detail: failure.detail,
        });
        c.get('logFields').sign_in = `sso failed (${failure.outcome})`;
        return refusedPage(c, failure.outcome);
      }
      return await signIn(c, person, taken.flow.returnTo);
    } catch (error) {
      // The database or the provider failed under us: still a page, with the details in the log.
      deps.logger.error(
        { request_id: who.requestId, err: error },
        'single sign-on callback failed',
      );
      return refusedPage(c, 'failed');
    }
  };
}
