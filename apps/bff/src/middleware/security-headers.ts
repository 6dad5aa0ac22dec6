import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * The Content-Security-Policy of every answer. Scripts come only from the console's own files
 * (the built SPA has no inline script); styles may be inline because Mantine injects its CSS
 * variables in `<style>` tags at run time; nothing may frame the console.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** HSTS for a year, sent only when the console is served over HTTPS (`PUBLIC_URL`). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response: pages, assets, API answers and errors alike (it runs
 * after the handler, so problems from any layer get them too). API answers are never cached:
 * they carry who is signed in and what they may see, and a shared or back-button cache would
 * show them to the next person at the keyboard.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (options.https) headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      headers.set('Cache-Control', 'no-store');
    }
  };
}
