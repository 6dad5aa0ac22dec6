import type { z } from 'zod';

/** A validation error as the form shows it next to a field; `path` is dotted (`source.crypto.address`). */
export interface FieldError {
  path: string;
  message: string;
}

/** Turns zod issues into field errors written for an operator, one per field and message. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const push = (path: readonly PropertyKey[], message: string) => {
    const entry = { path: path.map(String).join('.'), message };
    const key = `${entry.path}\u0000${entry.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(entry);
    }
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        push([...issue.path, key], `${key} is not a field of this request`);
    } else {
      push(issue.path, issue.message);
    }
  }
  return out;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Parses with a schema and answers either the value or operator-worded field errors. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.infer<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: toFieldErrors(result.error) };
}
