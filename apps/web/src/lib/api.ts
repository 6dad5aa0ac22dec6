/**
 * The one module that calls the BFF. Every request is same-origin with the session cookie; every
 * state-changing request carries `X-CSRF: 1` and a JSON body. Every answer is parsed with its
 * route's schema in the browser's contract (`apiContract` of @console/schemas): a drift is an
 * {@link ApiError} naming the route and the member, never `undefined` on screen. Failures throw
 * {@link ApiError}.
 */
import type {
  ApiAnswer,
  ApiContract,
  ApiInput,
  ApiRoute,
  ApiRouteName,
  AwaitingApprovalResult,
  JournalQuery,
  SendResult,
  SessionInfo,
  SignIn,
  WorkQueue,
  WriteOperationId,
} from '@console/schemas';
import type { z } from 'zod';
import { ApiError, networkProblem, unexpectedAnswer, unreadableProblem } from './api-error';

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => {};

/** The app decides what a 401 means (sign in again, then come back); this module only reports it. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

// The contract's schemas (and zod) come in a small chunk of their own, without the registry, so
// the shell's first load stays free of them and the first call waits for little. It is asked for
// as soon as this module runs, so the first call (the session probe) finds it on its way or there.
let contract: Promise<ApiContract> | undefined;
const loadContract = (): Promise<ApiContract> =>
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
function searchOf(params: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) for (const one of value) search.append(key, String(one));
    else if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The route's path with its parameters filled in (`*` takes the rest of a path as it is). */
function pathOf(route: ApiRoute, params: Readonly<Record<string, string>> | undefined): string {
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
async function call<N extends ApiRouteName>(
  name: N,
  input: ApiInput<N>,
  options: CallOptions = {},
): Promise<ApiAnswer<N>> {
  let route: ApiRoute;
  try {
    route = (await loadContract())[name];
  } catch {
    contract = undefined;
    throw new ApiError(
      networkProblem('The console could not load a part of itself. Reload the page.'),
    );
  }
  const parts = input as { params?: Record<string, string>; query?: object; body?: unknown };
  const { method } = route;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.background) headers['X-Console-Background'] = '1';
  if (method !== 'GET') {
    headers['X-CSRF'] = '1';
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`${pathOf(route, parts.params)}${searchOf(parts.query as never)}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'GET' ? undefined : JSON.stringify(parts.body ?? {}),
    });
  } catch {
    throw new ApiError(
      networkProblem(
        'The request got no answer. Check your connection; nothing is known about it.',
      ),
    );
  }
  if (!response.ok) {
    const problem = await problemOf(route, response);
    if (response.status === 401 && !options.quiet401) onUnauthorized();
    throw new ApiError(problem);
  }
  return (await answerOf(route, response)) as ApiAnswer<N>;
}

/** The signed-in operator, or null when there is no session. */
export async function getSession(): Promise<SessionInfo | null> {
  try {
    return await call('getSession', {}, { quiet401: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** How the operator may sign in: single sign-on, the password form, or both (break-glass). */
export const getSignInOptions = () => call('getSignInOptions', {}, { quiet401: true });

/**
 * After signing out of a single sign-on: the provider's logout, as a navigation (the BFF answers
 * with a redirect that carries the ID token; no script of the page ever holds it).
 */
export const PROVIDER_LOGOUT_PATH = '/api/session/oidc/logout';

export const signIn = (body: SignIn) => call('signIn', { body }, { quiet401: true });

/** The session as it stands, without counting as activity: what the idle warning checks. */
export const checkSession = () => call('getSession', {}, { quiet401: true, background: true });

/** "Stay signed in": restarts the session's idle clock (never past its absolute end). */
export const extendSession = () => call('extendSession', {}, { quiet401: true });

export const signOut = () => call('signOut', {}, { quiet401: true });

/**
 * Sends one operation: the form's input, path parameters included as fields. A send the approval
 * policy holds answers `202 {journal, approval}` instead: nothing was sent yet.
 */
export const sendOperation = (id: WriteOperationId, input: Record<string, unknown>) =>
  call('sendOperation', { params: { operation: id }, body: input });

/** True for the answer of a send that waits for approval. */
export function isAwaitingApproval(
  result: SendResult | AwaitingApprovalResult,
): result is AwaitingApprovalResult {
  return 'approval' in result && !('data' in result);
}

/** Sends a journaled intent again: the same stored bytes and ref_id, never a new intent. */
export const retryJournalEntry = (journalId: string) =>
  call('retryJournalEntry', { params: { id: journalId } });

export type JournalFilters = Omit<JournalQuery, 'cursor' | 'limit'>;

export const listJournal = (filters: JournalFilters, cursor?: string, limit = 50) =>
  call('listJournal', { query: { ...filters, cursor, limit } });

export const getJournalEntry = (id: string) => call('getJournalEntry', { params: { id } });

/**
 * Where the browser downloads the CSV of the same filters (the contract's `exportJournal`); a
 * plain link, the cookie goes along.
 */
export const journalCsvUrl = (filters: JournalFilters) => `/api/journal.csv${searchOf(filters)}`;

/** Query of a read: a parameter given as an array is repeated, as the service takes filters. */
export type ReadQuery = Record<string, string | number | readonly string[] | undefined>;

/**
 * Reads the service through the BFF (`GET /api/svc/v2/…`, same path and query as the service) and
 * parses the service's body with the read's schema from the registry, which is lenient: a drift
 * is an error with a message, never `undefined` on screen. `background` for the console's own
 * polls (a live order's refresh).
 *
 * @example
 * const page = await readService('/v2/orders', { limit: 50 }, OrderPageSchema);
 */
export async function readService<S extends z.ZodType>(
  path: string,
  params: ReadQuery,
  schema: S,
  options: { background?: boolean } = {},
): Promise<z.infer<S>> {
  const answer = await call(
    'readService',
    {
      params: { '*': path.replace(/^\/v2\//, '') },
      query: params as ApiInput<'readService'>['query'],
    },
    options,
  );
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  const route = (await loadContract()).readService;
  throw unexpectedAnswer(
    { method: route.method, path: `/api/svc${path}` },
    200,
    parsed.error.issues.map((i) => `${['data', ...i.path].join('.')}: ${i.message}`),
    '',
  );
}

/** The requests the signed-in operator may approve now, and how many (polled: background). */
export const listApprovals = () => call('listApprovals', {}, { background: true });

/** The home page's "My requests" and "Needs attention" (polled: background). */
export const getWorkQueue = () => call('getWorkQueue', {}, { background: true });

/** One request that needed approval: decoded fields, raw body, approvals and history. */
export const getApproval = (id: string) => call('getApproval', { params: { id } });

/** Approves; the last approval sends, and answers like a send (or 202 while more are needed). */
export const approveRequest = (id: string) => call('approveRequest', { params: { id } });

export const rejectRequest = (id: string, reason: string) =>
  call('rejectRequest', { params: { id }, body: { reason } });

/** The maker withdraws their request while it waits. */
export const cancelRequest = (id: string) => call('cancelRequest', { params: { id } });

/** The operator's live sessions (everyone's for an admin). */
export const listSessions = () => call('listSessions', {});

/** Ends a session by its public id; ending this browser's own is a sign-out. */
export const endSession = (id: string) => call('endSession', { params: { id } });

/** Sign-ins, failures, locks and ended sessions, newest first (admins). */
export const listSecurityEvents = (cursor?: string) =>
  call('listSecurityEvents', { query: { cursor } });

export const getHealth = () => call('health', {});
