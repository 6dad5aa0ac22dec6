import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ProblemError } from '../errors';
import type { OperatorRateLimit } from '../security/operator-rate-limit';

const WHAT = { send: 'sends', read: 'reads of the service' } as const;

/**
 * Limits sends, or reads of the service, per operator: `429 rate-limited` with `Retry-After`
 * (seconds) when the operator's allowance is spent. Mounted after the route's guard, so only an
 * operator allowed to use the route spends from it, and before the body is read and the handler
 * runs, so a limited request is never journaled or sent.
 */
export function operatorRateLimit(limit: OperatorRateLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const operator = c.get('operator');
    if (operator) {
      const decision = await limit.take(operator.username);
      if (!decision.ok) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        throw new ProblemError({
          status: 429,
          code: 'rate-limited',
          detail: `Too many ${WHAT[limit.kind]} in a short time. Try again in ${seconds} s.`,
          headers: { 'Retry-After': String(seconds) },
        });
      }
    }
    await next();
  };
}
