import type { z } from 'zod';
import { parseWith } from '@console/schemas';
import { badRequest } from '../problem';

/** A control request's JSON body held to `schema`; an empty body is `{}`. A 400 names the member. */
export async function jsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  let json: unknown;
  try {
    const text = await req.text();
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest('body: not valid JSON');
  }
  const parsed = parseWith(schema, json);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    throw badRequest(`${first?.path ? `${first.path}: ` : ''}${first?.message ?? 'invalid body'}`, {
      errors: parsed.errors,
    });
  }
  return parsed.value;
}
