import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { problemResponse } from '../errors';

/**
 * Answers `421 misdirected-request` to any `Host` the configuration does not name, before
 * routing, sessions or bodies: a browser that reached the console through a name an attacker
 * controls (DNS rebinding) gets nothing from it.
 */
export function hostAllowlist(hosts: () => Set<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    if (!hosts().has(host)) {
      return problemResponse(c, {
        status: 421,
        code: 'misdirected-request',
        detail: 'This console does not answer to that host name. Open it at its own address.',
      });
    }
    return next();
  };
}
