/**
 * Checks on a request's JSON that `JSON.parse` does not make: a document nested deeper than any
 * request needs, a key given twice in one object (which value would the operator have meant?),
 * and text that the journal cannot store or the service would store as something else (NUL and
 * unpaired UTF-16 surrogates). Each is a 400 naming where it is, never a 500 further on.
 */
import type { FieldError } from '@console/schemas';

/** Deeper than any request of the service (fiat account updates nest five levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * Walks valid JSON text once, without recursion (a 64 KiB body can nest 32 000 levels): the
 * first key repeated within one object, or a nesting deeper than `maxDepth`.
 */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH): string | undefined {
  // One frame per open container: the keys seen so far for an object, null for an array.
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return `The key ${JSON.stringify(key)} appears twice in one object.`;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (char === '{' || char === '[') {
      stack.push(char === '{' ? new Set() : null);
      if (stack.length > maxDepth) return `The JSON is nested deeper than ${maxDepth} levels.`;
      expectKey = char === '{';
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
  return undefined;
}

// A NUL is what PostgreSQL refuses outright; the rule exists to find it.
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Every string (keys included) holding a NUL or an unpaired surrogate, by field path: PostgreSQL
 * cannot store either in text or JSON, and no field of the service takes them.
 */
export function unsafeTextErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0 && errors.length < 20) {
    const [item, path] = pending.pop()!;
    const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
    if (typeof item === 'string') {
      if (UNSAFE.test(item)) {
        errors.push({ path, message: 'Text cannot hold a NUL character or a broken Unicode pair' });
      }
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => pending.push([element, at(index)]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (UNSAFE.test(key)) {
          errors.push({
            path: path || key.replace(UNSAFE, '?'),
            message: 'A key cannot hold a NUL character or a broken Unicode pair',
          });
        } else {
          pending.push([element, at(key)]);
        }
      }
    }
  }
  return errors;
}
