import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ProblemError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const crossSite = (detail: string) =>
  new ProblemError({ status: 403, code: 'cross-site-request', detail });

/**
 * Refuses a state-changing request (anything but GET and HEAD) that another site could have made
 * a browser send. Three checks, each enough alone against today's browsers, together a margin:
 * - `X-CSRF: 1`: a custom header, which a cross-site form cannot send and a cross-site `fetch`
 *   can only send after a CORS preflight that this BFF never answers;
 * - `Origin` equal to the console's own origin (or, when a browser sends no `Origin`,
 *   `Sec-Fetch-Site: same-origin`); a request with neither is refused;
 * - a JSON `Content-Type` (415 otherwise): form and `text/plain` bodies are what cross-site
 *   requests can send without a preflight. Hono's `csrf()` only checks form content types.
 * It runs before the session is read, so a refused request is never authenticated, journaled or
 * sent.
 *
 * @param options.origins The console's origins, from configuration (`allowedOrigins`): never
 *   taken from the request.
 * @param options.exempt Paths that no browser calls and that authenticate every request
 *   themselves (the provider's back-channel logout, a signed token in a form body).
 */
export function csrfProtection(options: {
  origins: () => Set<string>;
  exempt?: ReadonlySet<string>;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.method === 'POST' && options.exempt?.has(c.req.path)) return next();
    if (c.req.header('x-csrf') !== '1') {
      throw crossSite('State-changing requests need the header X-CSRF: 1.');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (!options.origins().has(origin)) throw crossSite('The request came from another origin.');
    } else if (c.req.header('sec-fetch-site') !== 'same-origin') {
      throw crossSite('The request carries no Origin and is not same-origin.');
    }
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new ProblemError({
        status: 415,
        code: 'unsupported-media-type',
        detail: 'Send the body as JSON with Content-Type: application/json.',
      });
    }
    return next();
  };
}
