import type { CookieOptions } from 'hono/utils/cookie';

/** The session cookie's name over plain HTTP (local use, tests). */
export const SESSION_COOKIE = 'console_session';

/**
 * Over HTTPS the name carries the `__Host-` prefix: browsers then accept it only with `Secure`,
 * `Path=/` and no `Domain`, so neither a sibling subdomain nor a plain-HTTP page can plant or
 * overwrite the console's session.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** How the session cookie is named and set, decided once from whether the console is served over HTTPS. */
export interface SessionCookie {
  name: string;
  options: CookieOptions;
}

/**
 * The session cookie for this deployment: `HttpOnly` (scripts cannot read it), `SameSite=Strict`
 * (no other site's page or link sends it), `Path=/`, no `Domain` (this host only), and over HTTPS
 * `Secure` with the `__Host-` name. No `Max-Age`: the browser drops it when it closes, and the
 * server ends it on its own clock either way.
 *
 * @example
 * const cookie = sessionCookie(true); // { name: '__Host-console_session', options: { secure: true, … } }
 */
export function sessionCookie(https: boolean): SessionCookie {
  return {
    name: https ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    options: { httpOnly: true, sameSite: 'Strict', path: '/', secure: https },
  };
}
