import { operations, type OperationId } from '@console/schemas';
import { SandboxProblem, notFound } from '../problem';

/** One endpoint of the service: an operation of the registry, read or write. */
export interface Route {
  id: OperationId;
  method: string;
  path: string;
  regex: RegExp;
  names: string[];
}

/** Every endpoint the sandbox serves under `/v2`, from the registry: a new one needs no code here. */
export const ROUTES: Route[] = Object.values(operations).map((op) => {
  const names: string[] = [];
  const pattern = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return {
    id: op.id as OperationId,
    method: op.method,
    path: op.path,
    regex: new RegExp(`^${pattern}$`),
    names,
  };
});

/**
 * The path template a request path matches (rate limits count per endpoint), else the path: the
 * registry's rule, the one the console's own budget counts by too.
 */
export { endpointOf } from '@console/schemas';

/**
 * The endpoint of a request, with its path parameters decoded: 405 when the path is known but
 * not the method, 404 when neither is, and 404 for a parameter that is not valid percent-encoding.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } {
  let pathMatched = false;
  for (const r of ROUTES) {
    const m = r.regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (r.method !== method) continue;
    const params: Record<string, string> = {};
    r.names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(m[i + 1] ?? '');
      } catch {
        throw notFound(`${name}: not a valid path segment`);
      }
    });
    return { route: r, params };
  }
  if (pathMatched)
    throw new SandboxProblem(405, 'about:blank', `${method} is not allowed on ${path}`);
  throw notFound(`no endpoint at ${path}`);
}
