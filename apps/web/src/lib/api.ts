/**
 * The one module that calls the BFF. Every request is same-origin with the session cookie; every
 * state-changing request carries `X-CSRF: 1` and a JSON body. Failures throw {@link ApiError}.
 */
import type {
  ApprovalDetail,
  ApprovalQueue,
  AwaitingApprovalResult,
  JournalEntry,
  JournalPage,
  JournalQuery,
  WriteOperationId,
  SecurityEventPage,
  SendResult,
  SessionInfo,
  SessionList,
  SignIn,
  SignInOptions,
  WorkQueue,
} from '@console/schemas';
import type { z } from 'zod';
import { ApiError, networkProblem, problemFrom } from './api-error';

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => {};

/** The app decides what a 401 means (sign in again, then come back); this module only reports it. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sign-in and the session probe answer 401 as a normal outcome, not as an expired session. */
  quiet401?: boolean;
  /**
   * A poll the console makes on its own, not the operator: the BFF does not count it as
   * activity, so an unattended console still reaches its idle end.
   */
  background?: boolean;
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.background) headers['X-Console-Background'] = '1';
  if (method !== 'GET') {
    headers['X-CSRF'] = '1';
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
    });
  } catch {
    throw new ApiError(
      networkProblem(
        'The request got no answer. Check your connection; nothing is known about it.',
      ),
    );
  }
  if (!response.ok) {
    const problem = await problemFrom(response);
    if (response.status === 401 && !options.quiet401) onUnauthorized();
    throw new ApiError(problem);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The signed-in operator, or null when there is no session. */
export async function getSession(): Promise<SessionInfo | null> {
  try {
    return await request<SessionInfo>('/api/session', { quiet401: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** How the operator may sign in: single sign-on, the password form, or both (break-glass). */
export const getSignInOptions = () =>
  request<SignInOptions>('/api/session/options', { quiet401: true });

/**
 * After signing out of a single sign-on: the provider's logout, as a navigation (the BFF answers
 * with a redirect that carries the ID token; no script of the page ever holds it).
 */
export const PROVIDER_LOGOUT_PATH = '/api/session/oidc/logout';

export const signIn = (body: SignIn) =>
  request<SessionInfo>('/api/session', { method: 'POST', body, quiet401: true });

/** The session as it stands, without counting as activity: what the idle warning checks. */
export const checkSession = () =>
  request<SessionInfo>('/api/session', { quiet401: true, background: true });

/** "Stay signed in": restarts the session's idle clock (never past its absolute end). */
export const extendSession = () =>
  request<SessionInfo>('/api/session/extend', { method: 'POST', quiet401: true });

export const signOut = () => request<void>('/api/session', { method: 'DELETE', quiet401: true });

/**
 * Sends one operation: the form's input, path parameters included as fields. A send the approval
 * policy holds answers `202 {journal, approval}` instead: nothing was sent yet.
 */
export const sendOperation = <T = unknown>(id: WriteOperationId, input: unknown) =>
  request<SendResult<T> | AwaitingApprovalResult>(`/api/operations/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: input,
  });

/** True for the answer of a send that waits for approval. */
export function isAwaitingApproval(
  result: SendResult | AwaitingApprovalResult,
): result is AwaitingApprovalResult {
  return 'approval' in result && !('data' in result);
}

/** Sends a journaled intent again: the same stored bytes and ref_id, never a new intent. */
export const retryJournalEntry = <T = unknown>(journalId: string) =>
  request<SendResult<T>>(`/api/journal/${encodeURIComponent(journalId)}/retry`, {
    method: 'POST',
  });

export type JournalFilters = Omit<JournalQuery, 'cursor' | 'limit'>;

export const listJournal = (filters: JournalFilters, cursor?: string, limit = 50) =>
  request<JournalPage>(`/api/journal${query({ ...filters, cursor, limit })}`);

export const getJournalEntry = (id: string) =>
  request<JournalEntry>(`/api/journal/${encodeURIComponent(id)}`);

/** Where the browser downloads the CSV of the same filters; a plain link, the cookie goes along. */
export const journalCsvUrl = (filters: JournalFilters) => `/api/journal.csv${query(filters)}`;

/** Query of a read: a parameter given as an array is repeated, as the service takes filters. */
export type ReadQuery = Record<string, string | number | readonly string[] | undefined>;

function readQuery(params: ReadQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const one of value) search.append(key, one);
    else if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Reads the service through the BFF (`GET /api/svc/v2/…`, same path and query as the service) and
 * parses the answer with the read's schema: a drift is an error with a message, never
 * `undefined` on screen. `background` for the console's own polls (a live order's refresh).
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
  const answer = await request<{ data: unknown }>(`/api/svc${path}${readQuery(params)}`, options);
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiError({
    type: 'about:blank',
    title: 'The service answered in an unexpected shape',
    status: 502,
    detail: `The read of ${path} answered ${issue?.path.join('.') || 'a value'} that the console cannot show (${issue?.message ?? 'unexpected'}).`,
    code: 'unexpected-answer',
    request_id: '',
  });
}

/** The requests the signed-in operator may approve now, and how many (polled: background). */
export const listApprovals = () => request<ApprovalQueue>('/api/approvals', { background: true });

/** The home page's "My requests" and "Needs attention" (polled: background). */
export const getWorkQueue = () => request<WorkQueue>('/api/work-queue', { background: true });

/** One request that needed approval: decoded fields, raw body, approvals and history. */
export const getApproval = (id: string) =>
  request<ApprovalDetail>(`/api/approvals/${encodeURIComponent(id)}`);

/** Approves; the last approval sends, and answers like a send (or 202 while more are needed). */
export const approveRequest = (id: string) =>
  request<SendResult | AwaitingApprovalResult>(`/api/approvals/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
  });

export const rejectRequest = (id: string, reason: string) =>
  request<ApprovalDetail>(`/api/approvals/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: { reason },
  });

/** The maker withdraws their request while it waits. */
export const cancelRequest = (id: string) =>
  request<ApprovalDetail>(`/api/approvals/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

/** The operator's live sessions (everyone's for an admin). */
export const listSessions = () => request<SessionList>('/api/sessions');

/** Ends a session by its public id; ending this browser's own is a sign-out. */
export const endSession = (id: string) =>
  request<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Sign-ins, failures, locks and ended sessions, newest first (admins). */
export const listSecurityEvents = (cursor?: string) =>
  request<SecurityEventPage>(`/api/security-events${query({ cursor })}`);

export const getHealth = () => request<unknown>('/api/health');
