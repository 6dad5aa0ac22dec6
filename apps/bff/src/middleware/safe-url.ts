import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { problems } from '../errors';

/**
 * Refuses an address whose path or query holds a NUL (`%00`) with a 400 before routing: no
 * field, filter or id of the console takes one, and PostgreSQL refuses it in any text, so it
 * would otherwise surface as a server error of whichever query the value reached.
 *
 * @param options.pages Addresses a browser navigates to (single sign-on): sent to the given page
 *   instead, as an operator should never face an error body.
 */
export function safeUrl(
  options: { pages?: Record<string, string> } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (/%00/i.test(c.req.url) || c.req.url.includes('\u0000')) {
      const page = options.pages?.[c.req.path];
      if (page) return c.redirect(page, 303);
      throw problems.badRequest('The address holds a NUL character.');
    }
    await next();
  };
}
