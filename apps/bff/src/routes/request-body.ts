import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { ProblemError, problems } from '../errors';

/** The JSON body of a request; 415 for another content type, 400 when it does not parse. */
export async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ProblemError({
      status: 415,
      code: 'unsupported-media-type',
      detail: 'Send the body as JSON with Content-Type: application/json.',
    });
  }
  try {
    return await c.req.json();
  } catch {
    throw problems.badRequest('The body is not valid JSON.');
  }
}
