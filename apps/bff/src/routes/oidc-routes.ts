import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { ProblemError } from '../errors';
import { FLOW_TTL_MS } from '../oidc/flow-store';
import type { LogoutTokenVerifier } from '../oidc/logout-token';
import { newFlowSecrets } from '../oidc/oidc-client';
import { ssoIdentity } from '../oidc/sso-identity';
import type { RateDecision } from '../security/counter-store';
import type { SessionCookie } from '../sessions/session-cookie';
import { oidcCallback, type OidcCallbackDeps } from './oidc-callback';
import type { RouteDef } from './route-table';

/** The routes of single sign-on, under `/api/session/oidc/`. */
export const OIDC_PATHS = {
  start: '/api/session/oidc/start',
  callback: '/api/session/oidc/callback',
  logout: '/api/session/oidc/logout',
  backchannelLogout: '/api/session/oidc/backchannel-logout',
} as const;

export interface OidcRouteDeps extends OidcCallbackDeps {
  verifyLogoutToken: LogoutTokenVerifier;
  /** Sign-ins begun per client address: each one is a row until its callback or expiry. */
  startLimit: (address: string) => Promise<RateDecision>;
}

/**
 * The flow cookie: HttpOnly, `SameSite=Lax` (the provider's redirect back is a top-level
 * navigation from another site, which a Strict cookie would miss), ten minutes, `__Host-` and
 * Secure over HTTPS like the session cookie.
 */
export function flowCookie(session: SessionCookie): SessionCookie {
  const secure = session.options.secure === true;
  return {
    name: secure ? '__Host-console_sso' : 'console_sso',
    options: {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      secure,
      maxAge: FLOW_TTL_MS / 1000,
    },
  };
}

/** A path of the console to land on after sign-in; anything else lands on the home page. */
export function safeReturnTo(next: string | undefined): string {
  if (!next || next.length > 1000 || !next.startsWith('/')) return '/';
  const control = [...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\');
  if (next.startsWith('//') || control) return '/';
  if (next.startsWith('/api/') || next.startsWith('/sign-in')) return '/';
  return next;
}

/**
 * A navigation that another site began (`Sec-Fetch-Site`). A sibling site counts as another:
 * only the console's own pages have reason to come here. Browsers that send no such header are
 * judged by the session alone.
 */
function sentByAnotherSite(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Single sign-on with the company's OpenID provider: begin (`start`), come back (`callback`),
 * leave the provider too after signing out (`logout`), and hear from the provider that a person
 * signed out there (`backchannel-logout`). See docs/decisions/012-single-sign-on.md.
 */
export function oidcRoutes(deps: OidcRouteDeps): RouteDef[] {
  const start = async (c: Context<AppEnv>) => {
    const address = deps.clientAddress(c);
    if (!(await deps.startLimit(address)).ok) return c.redirect('/sign-in?sso=busy', 303);
    const secrets = newFlowSecrets();
    let url: URL;
    try {
      url = await deps.oidc.authorizationUrl(secrets);
    } catch (error) {
      deps.logger.warn({ request_id: c.get('requestId'), err: error }, 'provider unreachable');
      return c.redirect('/sign-in?sso=unavailable', 303);
    }
    const handle = await deps.flows.begin({
      ...secrets,
      returnTo: safeReturnTo(c.req.query('next')),
      clientAddress: address,
    });
    setCookie(c, deps.flowCookie.name, handle, deps.flowCookie.options);
    return c.redirect(url.toString(), 303);
  };

  // After `DELETE /api/session` ended a single sign-on, the SPA navigates here (a navigation,
  // so no script reads the ID token): the provider's logout with the token as hint. Any page can
  // send a browser here, so this route signs no one out: a live session keeps its cookie (DELETE
  // is the sign-out, behind the CSRF checks), and another site's navigation changes nothing.
  const logout = async (c: Context<AppEnv>) => {
    if (c.get('sessionId') !== undefined) return c.redirect('/', 303);
    if (sentByAnotherSite(c)) return c.redirect('/sign-in', 303);
    const token = getCookie(c, deps.cookie.name);
    // No live session stands behind this cookie: dropping it ends nothing.
    deleteCookie(c, deps.cookie.name, deps.cookie.options);
    try {
      const idToken = token ? await deps.ssoSessions.takeIdToken(token) : undefined;
      const url = idToken ? await deps.oidc.endSessionUrl(idToken) : undefined;
      return c.redirect(url?.toString() ?? '/sign-in', 303);
    } catch (error) {
      deps.logger.warn({ request_id: c.get('requestId'), err: error }, 'provider logout skipped');
      return c.redirect('/sign-in', 303);
    }
  };

  const backchannelLogout = async (c: Context<AppEnv>) => {
    const body = await c.req.parseBody();
    const token = typeof body.logout_token === 'string' ? body.logout_token : '';
    let claims;
    try {
      claims = await deps.verifyLogoutToken(token);
    } catch (error) {
      deps.logger.warn({ request_id: c.get('requestId'), err: error }, 'logout token refused');
      throw new ProblemError({
        status: 400,
        code: 'bad-request',
        detail: 'The logout token did not check out.',
      });
    }
    const issuer = (await deps.oidc.configuration()).serverMetadata().issuer;
    const identity = claims.subject ? ssoIdentity(issuer, claims.subject) : undefined;
    const ended = await deps.ssoSessions.endSso({ identity, sid: claims.sid });
    for (const session of ended) {
      await deps.events.record({
        kind: 'sso-logout',
        username: session.username,
        requestId: c.get('requestId'),
        sessionId: session.id,
        detail: `signed out at ${deps.oidc.settings.providerName}`,
      });
    }
    return c.body(null, 200);
  };

  return [
    { method: 'GET', path: OIDC_PATHS.start, permission: { kind: 'public' }, handler: start },
    {
      method: 'GET',
      path: OIDC_PATHS.callback,
      permission: { kind: 'public' },
      handler: oidcCallback(deps),
    },
    { method: 'GET', path: OIDC_PATHS.logout, permission: { kind: 'public' }, handler: logout },
    {
      // The provider's server calls it, not a browser: it proves itself with the signed token,
      // so the CSRF checks (made for browsers) do not apply (app.ts exempts this path alone).
      method: 'POST',
      path: OIDC_PATHS.backchannelLogout,
      permission: { kind: 'public' },
      sends: false,
      handler: backchannelLogout,
    },
  ];
}
