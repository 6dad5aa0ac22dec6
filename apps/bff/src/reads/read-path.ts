/**
 * Which read a proxied path names, and its path parameters, decided before anything is sent. The
 * path is taken raw, as the browser sent it (before any URL normalisation), and refused when it
 * could step out of the read it names: a dot segment, an empty segment, a backslash, or a
 * separator or dot hidden by percent-encoding. Then it must match a read's template segment by
 * segment; each parameter is one decoded segment.
 */

/** A read as the matcher needs it: its id and its path template from the registry. */
export interface PathTemplate {
  id: string;
  path: string;
}

/** A path refused: 400 when it is malformed or hides a traversal, 404 when no read has it. */
export interface PathRefusal {
  refused: 400 | 404;
  detail: string;
}

export interface PathMatch<T extends PathTemplate> {
  read: T;
  params: Record<string, string>;
}

/** Percent-encoded `/`, `\`, `.`, NUL; a raw backslash. */
const HIDDEN = /%2f|%5c|%2e|%00|\\/i;

/** True when the text holds a control character (raw, not encoded). */
const hasControl = (text: string) => [...text].some((ch) => ch < ' ' || ch === '\u007f');

function split(template: string): string[] {
  return template.slice(1).split('/');
}

/**
 * Matches a raw service path (from `/v2`, without the query) against the reads' templates.
 *
 * @example
 * matchReadPath('/v2/profiles/p-1/orders/o-9', reads);
 * // { read: <getOrder>, params: { profile_id: 'p-1', id: 'o-9' } }
 */
export function matchReadPath<T extends PathTemplate>(
  rawPath: string,
  reads: readonly T[],
): PathMatch<T> | PathRefusal {
  if (HIDDEN.test(rawPath) || hasControl(rawPath)) {
    return {
      refused: 400,
      detail: 'The path holds an encoded separator or dot, or a control character.',
    };
  }
  const segments = split(rawPath);
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    return { refused: 400, detail: 'The path holds an empty or dot segment.' };
  }
  for (const read of reads) {
    const parts = split(read.path);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < parts.length && matched; i++) {
      const part = parts[i] as string;
      const segment = segments[i] as string;
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) {
        matched = part === segment;
        continue;
      }
      try {
        params[name] = decodeURIComponent(segment);
      } catch {
        return {
          refused: 400,
          detail: `The path parameter ${name} is not valid percent-encoding.`,
        };
      }
    }
    if (matched) return { read, params };
  }
  return { refused: 404, detail: `No read of the service has the path ${rawPath}.` };
}
