import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { problemResponse } from '../errors';

/** Methods whose body no route reads: left alone, and never buffered. */
const BODYLESS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses request bodies over `maxBytes` with a `413 payload-too-large` problem, by the declared
 * length or, for a body sent without one, as soon as the bytes read pass the limit: nothing of
 * a larger body is buffered, parsed or journaled. A GET is passed by without a look: asking the
 * request for its body builds a whole web `Request` from Node's, a tenth of a read's cost.
 */
export function apiBodyLimit(
  maxBytes: number,
  /** Paths whose bodies may be larger (a batch's file), and their own limit. */
  larger: Readonly<Record<string, number>> = {},
): MiddlewareHandler<AppEnv> {
  const limitOf = (max: number) =>
    bodyLimit({
      maxSize: max,
      onError: (c) =>
        problemResponse(c as Parameters<typeof problemResponse>[0], {
          status: 413,
          code: 'payload-too-large',
          detail: `The body is over ${Math.round(max / 1024)} KiB.`,
        }),
    }) as MiddlewareHandler<AppEnv>;
  const limit = limitOf(maxBytes);
  const limits = new Map(Object.entries(larger).map(([path, max]) => [path, limitOf(max)]));
  return (c, next) =>
    BODYLESS.has(c.req.method) ? next() : (limits.get(c.req.path) ?? limit)(c, next);
}
