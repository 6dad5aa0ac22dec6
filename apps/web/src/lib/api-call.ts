/**
 * How the API module calls the BFF (lib/api.ts holds the calls themselves): same-origin with the
 * session cookie, `X-CSRF: 1` and a JSON body on every state-changing request, and every answer
 * parsed with its route's schema in the browser's contract (`apiContract` of @console/schemas).
 * A drift is an {@link ApiError} naming the route and the member; every failure is an ApiError.
 */
import type { ApiAnswer, ApiContract, ApiInput, ApiRoute, ApiRouteName } from '@console/schemas';
import { API_ROUTES } from '@console/schemas/api-routes';
import { ApiError, networkProblem, unexpectedAnswer, unreadableProblem } from './api-error';

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => {};

/** The app decides what a 401 means (sign in again, then come back); this module only reports it. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

// The contract's schemas (and zod) come in a small chunk of their own, without the registry, so
// the shell's first load stays free of them. It is asked for as soon as this module runs; a call
// goes out at once (its method and path need no schema) and waits for it only to read the answer.
let contract: Promise<ApiContract> | undefined;
export const loadContract = (): Promise<ApiContract> =>
  (contract ??= import('@console/schemas/api-contract').then((module) => module.apiContract));
loadContract().catch(() => {
  // The first call asks again and reports it.
});

interface CallOptions {
  /** Sign-in and the session probe answer 401 as a normal outcome, not as an expired session. */
  quiet401?: boolean;
  /**
   * A poll the console makes on its own, not the operator: the BFF does not count it as
   * activity, so an unattended console still reaches its idle end.
   */
  background?: boolean;
}

/** A query string: a parameter given as an array is repeated, empty ones are left out. */
export function searchOf(params: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) for (const one of value) search.append(key, String(one));
    else if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The route's path with its parameters filled in (`*` takes the rest of a path as it is). */
function pathOf(
  route: { path: string },
  params: Readonly<Record<string, string>> | undefined,
): string {
  return route.path
    .split('/')
    .map((segment) => {
      if (segment === '*') return params?.['*'] ?? '';
      if (segment.startsWith(':')) return encodeURIComponent(params?.[segment.slice(1)] ?? '');
      return segment;
    })
    .join('/');
}

async function jsonOf(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text().catch(() => '');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The answer parsed with its route's schema for the status it came with. */
async function answerOf(route: ApiRoute, response: Response): Promise<unknown> {
  const requestId = response.headers.get('X-Request-Id') ?? '';
  const schema = route.responses[response.status];
  if (schema === undefined) {
    throw unexpectedAnswer(route, response.status, [`status ${response.status}`], requestId);
  }
  if (schema === null) return undefined;
  const body = await jsonOf(response);
  const parsed = body.ok ? schema.safeParse(body.value) : undefined;
  if (parsed?.success) return parsed.data;
  const issues = parsed ? parsed.error.issues : [{ path: [], message: 'not JSON' }];
  throw unexpectedAnswer(
    route,
    response.status,
    issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`),
    requestId,
  );
}

/** The problem of a refused call: the BFF's problem body, or one made up for an unreadable one. */
async function problemOf(route: ApiRoute, response: Response) {
  const body = await jsonOf(response);
  if (!body.ok) return unreadableProblem(response.status, response.statusText);
  const parsed = route.problem.safeParse(body.value);
  if (parsed.success) return { ...parsed.data, status: parsed.data.status || response.status };
  return unexpectedAnswer(
    route,
    response.status,
    parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`),
    response.headers.get('X-Request-Id') ?? '',
  ).problem;
}

/**
 * Calls one route of the contract and answers its parsed body.
 *
 * @example
 * const entry = await call('getJournalEntry', { params: { id } });
 */
export async function call<N extends ApiRouteName>(
  name: N,
  input: ApiInput<N>,
  options: CallOptions = {},
): Promise<ApiAnswer<N>> {
  const schemas = loadContract().then(
    (loaded) => loaded[name] as ApiRoute,
    () => {
      contract = undefined;
      throw new ApiError(
        networkProblem('The console could not load a part of itself. Reload the page.'),
      );
    },
  );
  const parts = input as { params?: Record<string, string>; query?: object; body?: unknown };
  const { method, path } = API_ROUTES[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.background) headers['X-Console-Background'] = '1';
  if (method !== 'GET') {
    headers['X-CSRF'] = '1';
    headers['Content-Type'] = 'application/json';
    // A write goes out only when its answer can be read: one sent but unreadable would leave
    // the operator not knowing what happened.
    await schemas;
  }
  let response: Response;
  try {
    response = await fetch(`${pathOf({ path }, parts.params)}${searchOf(parts.query as never)}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'GET' ? undefined : JSON.stringify(parts.body ?? {}),
    });
  } catch {
    schemas.catch(() => {
      // No answer is the problem to report, not the contract's chunk.
    });
    throw new ApiError(
      networkProblem(
        'The request got no answer. Check your connection; nothing is known about it.',
      ),
    );
  }
  const route = await schemas;
  if (!response.ok) {
    const problem = await problemOf(route, response);
    if (response.status === 401 && !options.quiet401) onUnauthorized();
    throw new ApiError(problem);
  }
  return (await answerOf(route, response)) as ApiAnswer<N>;
}
