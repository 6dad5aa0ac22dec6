import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Logger } from '../logger';

/**
 * Gives every request an id (`X-Request-Id` on the answer) and writes its one log line when it
 * ends: request id, operator, operation, ref_id, status, duration. The browser's own request id
 * is not trusted: it would let a client forge entries in the log.
 */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('logFields', {});
    c.set('operator', undefined);
    c.set('sessionId', undefined);
    c.set('sessionExpiresAt', undefined);
    c.set('sessionEndsAt', undefined);
    c.set('sessionSignedInAt', undefined);
    try {
      await next();
    } finally {
      // Onto the answer's own headers: `c.header` on an answer already made copies it into a new
      // Response over its body as a web stream, which the adapter then reads back (ADR 030).
      c.res.headers.set('X-Request-Id', requestId);
      const status = c.res.status;
      const fields = {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        operator: c.get('operator')?.username,
        ...c.get('logFields'),
      };
      if (status >= 500) logger.error(fields, 'request');
      else logger.info(fields, 'request');
    }
  };
}
