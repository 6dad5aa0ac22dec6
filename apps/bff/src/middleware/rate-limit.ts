import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ProblemError } from '../errors';
import type { SendRateLimit } from '../security/send-rate-limit';

/**
 * Limits sends per operator: `429 rate-limited` with `Retry-After` (seconds) when the operator's
 * bucket is empty. Mounted after the route's guard, so only an operator allowed to send spends
 * from it, and before the body is read, so a limited request is never journaled or sent.
 */
export function sendRateLimit(limit: SendRateLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const operator = c.get('operator');
    if (operator) {
      const decision = await limit.take(operator.username);
      if (!decision.ok) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        throw new ProblemError({
          status: 429,
          code: 'rate-limited',
          detail: `Too many sends in a short time. Try again in ${seconds} s.`,
          headers: { 'Retry-After': String(seconds) },
        });
      }
    }
    await next();
  };
}
