/**
 * The one module the SPA imports to call the BFF: one function per use, each a route of the
 * browser's contract, its answer parsed with the route's schema (lib/api-call.ts). A drift is an
 * {@link ApiError} naming the route and the member, never `undefined` on screen. The routes of
 * the long-running work (batches, schedules, reconciliation) are in `api-runs.ts`, re-exported.
 */
import type {
  AuditExportRequest,
  ApiInput,
  AwaitingApprovalResult,
  InsightsPeriod,
  JournalQuery,
  NotificationChoice,
  PasskeyAssertion,
  ProposeDestination,
  PolicyDryRunRequest,
  ProposePolicy,
  SendResult,
  SessionInfo,
  SignIn,
  WriteOperationId,
} from '@console/schemas';
import { API_ROUTES } from '@console/schemas/api-routes';
import type { z } from 'zod';
import { call, loadContract, searchOf } from './api-call';
import { ApiError, unexpectedAnswer } from './api-error';

export { setUnauthorizedHandler } from './api-call';

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
export const journalCsvUrl = (filters: JournalFilters) =>
  `${API_ROUTES.exportJournal.path}${searchOf(filters)}`;

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
  return (await readServiceDated(path, params, schema, options)).data;
}

/**
 * {@link readService}, with when the answer was fetched from the service where the BFF says so:
 * public market data is one shared copy per deployment (`fetched_at`), whose age a price shows.
 */
export async function readServiceDated<S extends z.ZodType>(
  path: string,
  params: ReadQuery,
  schema: S,
  options: { background?: boolean } = {},
): Promise<{ data: z.infer<S>; fetchedAt: string | undefined }> {
  const answer = await call(
    'readService',
    {
      params: { '*': path.replace(/^\/v2\//, '') },
      query: params as ApiInput<'readService'>['query'],
    },
    options,
  );
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return { data: parsed.data, fetchedAt: answer.fetched_at };
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
export const getFeeSchedule = () => call('getFeeSchedule', {}, { background: true });

/** One request that needed approval: decoded fields, raw body, approvals and history. */
export const getApproval = (id: string) => call('getApproval', { params: { id } });

/**
 * Approves, with an optional comment kept in the trail; the last approval sends, and answers like
 * a send (or 202 while more are needed).
 */
export const approveRequest = (id: string, comment?: string, passkey?: PasskeyAssertion) =>
  call('approveRequest', {
    params: { id },
    body: { ...(comment ? { comment } : {}), ...(passkey ? { passkey } : {}) },
  });

/** The statement of a decision and the challenge the approver's passkey signs (issue 61). */
export const createDecisionChallenge = (id: string, decision: 'approve' | 'reject') =>
  call('createDecisionChallenge', { params: { id }, body: { decision } });

/**
 * What sending this input would do, decided by the BFF as the send decides it: at once, or held
 * for approvers (how many, which roles, how long, and whether the operators there are can give
 * them). Nothing is journaled.
 */
export const previewOperation = (id: WriteOperationId, input: Record<string, unknown>) =>
  call('previewOperation', { params: { operation: id }, body: input });

export const rejectRequest = (id: string, reason: string, passkey?: PasskeyAssertion) =>
  call('rejectRequest', { params: { id }, body: { reason, ...(passkey ? { passkey } : {}) } });

/** The maker withdraws their request while it waits. */
export const cancelRequest = (id: string) => call('cancelRequest', { params: { id } });

/** The operator's passkeys, or everyone's for an admin's view (issue 61). */
export const listPasskeys = (all = false) => call(all ? 'listAllPasskeys' : 'listPasskeys', {});
export const passkeyRegistrationOptions = () => call('passkeyRegistrationOptions', {});
export const registerPasskey = (name: string, response: Record<string, unknown>) =>
  call('registerPasskey', {
    body: { name, response: response as { id: string; rawId: string; type: string } },
  });
export const renamePasskey = (id: string, name: string) =>
  call('renamePasskey', { params: { id }, body: { name } });
export const revokePasskey = (id: string) => call('revokePasskey', { params: { id } });
export const confirmPasskey = (id: string) => call('confirmPasskey', { params: { id } });

/** The operator's live sessions (everyone's for an admin). */
export const listSessions = () => call('listSessions', {});

/** Ends a session by its public id; ending this browser's own is a sign-out. */
export const endSession = (id: string) => call('endSession', { params: { id } });

/** Sign-ins, failures, locks and ended sessions, newest first (admins). */
export const listSecurityEvents = (cursor?: string) =>
  call('listSecurityEvents', { query: { cursor } });

/** The book of allowed destinations: usable entries first, then cooling off, pending, revoked. */
export const listDestinations = () => call('listDestinations', { query: {} });

/** Whether a write's destination must be in the book for an asset, and a first send's test amount. */
export const getDestinationRule = (operation: string, asset: string | undefined) =>
  call('getDestinationRule', { query: asset ? { operation, asset } : { operation } });

/** A new entry of the book: journaled and held for another operator's approval (`202`). */
export const proposeDestination = (body: ProposeDestination) =>
  call('proposeDestination', { body });

/** An admin revokes an entry at once, from any state. */
/** The approval policy's versions and proposals (issue 38), under one query key for every page. */
export const POLICY_KEY = ['policy'] as const;
export const getPolicy = () => call('getPolicy', {});

/** What a draft policy would have done with the journal's sends of a period; changes nothing. */
export const dryRunPolicy = (body: PolicyDryRunRequest) => call('dryRunPolicy', { body });

/** A new version of the approval policy, for another admin's approval (issue 38). */
export const proposePolicy = (body: ProposePolicy) => call('proposePolicy', { body });

export const revokeDestination = (id: string, reason: string) =>
  call('revokeDestination', { params: { id }, body: { reason } });

/** The signed-in operator's limits and what is left of each now. */
export const listLimits = () => call('listLimits', {});

/** The operator's own notification choices, per kind and channel (issue 36). */
export const getNotificationPreferences = () => call('getNotificationPreferences', {});

/** Changes some of those choices; answers all of them as they now are. */
export const setNotificationPreferences = (items: NotificationChoice[]) =>
  call('setNotificationPreferences', { body: { items } });

/** Who receives what, and where (admins). */
export const listNotificationRecipients = () => call('listNotificationRecipients', {});

/** Messages given up after their last attempt (admins). */
export const listDeadLetters = () => call('listDeadLetters', { query: {} });

/** Puts a dead letter back to be delivered afresh (admins). */
export const retryNotification = (id: string) => call('retryNotification', { params: { id } });

/** Every hash chain of the audit trail walked now (admins and auditors). */
export const verifyAuditTrail = () => call('verifyAuditTrail', {});

/** The chains' heads signed with the audit key now. */
export const createAuditCheckpoint = () => call('createAuditCheckpoint', {});

/** A period's CSV and its detached signature; the export is recorded in the audit chain. */
export const exportAuditPeriod = (body: AuditExportRequest) => call('exportAuditPeriod', { body });

/** Insights (issue 62): money moved per UTC day, operation and asset over whole UTC days. */
export const getMoneyMoved = (period: InsightsPeriod) => call('getMoneyMoved', { query: period });

export * from './api-runs';
