import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { ProblemError, problems } from '../errors';
import { jsonShapeProblem, unsafeTextErrors } from '../json-checks';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body of a request, checked before any handler sees it: 415 for another content type;
 * 400 for an empty body, bytes that are not UTF-8, text that is not JSON, a key given twice, a
 * document nested too deep, or a NUL or broken Unicode pair in any string (with its field path).
 */
export async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ProblemError({
      status: 415,
      code: 'unsupported-media-type',
      detail: 'Send the body as JSON with Content-Type: application/json.',
    });
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length === 0) throw problems.badRequest('The body is empty: send a JSON object.');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw problems.badRequest('The body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw problems.badRequest('The body is not valid JSON.');
  }
  const shape = jsonShapeProblem(text);
  if (shape) throw problems.badRequest(shape);
  const unsafe = unsafeTextErrors(value);
  if (unsafe.length > 0) throw problems.validation(unsafe);
  return value;
}
