import { OPERATION_IDS, operations } from '@console/schemas';
import { SandboxProblem, notFound } from '../problem';
import { bodilessOperations } from './read-operations';

/** One endpoint of the service: an operation of the registry, or a read, cancel or delete. */
export interface Route {
  id: string;
  method: string;
  path: string;
  scope: string;
  /** True for the writes with a JSON body; false for reads and deletes. */
  hasBody: boolean;
  regex: RegExp;
  names: string[];
}

function route(id: string, method: string, path: string, scope: string, hasBody: boolean): Route {
  const names: string[] = [];
  const pattern = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { id, method, path, scope, hasBody, regex: new RegExp(`^${pattern}$`), names };
}

/** Every endpoint the sandbox serves under `/v2`. */
export const ROUTES: Route[] = [
  ...OPERATION_IDS.map((id) => {
    const op = operations[id];
    return route(id, op.method, op.path, op.scope, true);
  }),
  ...Object.entries(bodilessOperations).map(([id, op]) =>
    route(id, op.method, op.path, op.scope, false),
  ),
];

/** Every scope an endpoint asks for: what a sandbox client may be given. */
export const ENDPOINT_SCOPES: readonly string[] = [...new Set(ROUTES.map((r) => r.scope))];

/** The path template a request path matches (rate limits count per endpoint), else the path. */
export function endpointOf(path: string): string {
  return ROUTES.find((r) => r.regex.test(path))?.path ?? path;
}

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
