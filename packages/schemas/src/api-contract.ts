import { z } from 'zod';
import {
  ApprovalDetailSchema,
  ApprovalProgressSchema,
  ApprovalQueueSchema,
  ApproveRequestSchema,
  AwaitingApprovalResultSchema,
  RejectApprovalSchema,
  SendPreviewSchema,
} from './approvals-api';
import {
  JournalEntrySchema,
  JournalPageSchema,
  JournalQuerySchema,
  OperationListSchema,
  SendInputSchema,
  SendResultSchema,
  SessionInfoSchema,
  SignInSchema,
} from './console-api';
import { API_ROUTES, type ApiMethod, type ApiRouteName } from './api-routes';
import {
  BatchCheckRequestSchema,
  BatchCheckSchema,
  BatchCreateRequestSchema,
} from './batch-check-api';
import {
  BatchApproveSchema,
  BatchListSchema,
  BatchReasonSchema,
  BatchResultsSchema,
  BatchRowPageSchema,
  BatchRowQuerySchema,
  BatchSchema,
} from './batch-api';
import {
  ReconAssignSchema,
  ReconDifferenceDetailSchema,
  ReconDifferenceListSchema,
  ReconDifferenceQuerySchema,
  ReconDifferenceSchema,
  ReconExportQuerySchema,
  ReconExportSchema,
  ReconResolveSchema,
  ReconRunListSchema,
  ReconRunRequestSchema,
  ReconRunSchema,
} from './reconcile-api';
import {
  DestinationBookQuerySchema,
  DestinationBookSchema,
  AllowedDestinationSchema,
  DestinationRevokedSchema,
  DestinationRuleQuerySchema,
  DestinationRuleSchema,
  ProposeDestinationSchema,
  RevokeDestinationSchema,
} from './destinations-api';
import { LimitListSchema } from './limits-api';
import {
  PolicyDryRunRequestSchema,
  PolicyDryRunSchema,
  PolicyOverviewSchema,
  ProposePolicySchema,
} from './policy-api';
import {
  InboxReadInputSchema,
  InboxSchema,
  SvcWebhookAnswerSchema,
  SvcWebhookSchema,
} from './live-api';
import {
  DeadLetterQuerySchema,
  DeadLettersSchema,
  NotificationDeliverySchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
  NotificationRecipientsSchema,
} from './notifications-api';
import {
  AuditCheckpointSchema,
  AuditExportRequestSchema,
  AuditExportSchema,
  AuditVerificationSchema,
} from './audit-api';
import { ConsoleProblemSchema } from './problem';
import {
  SecurityEventPageSchema,
  SecurityEventQuerySchema,
  SessionListSchema,
} from './security-api';
import { SignInOptionsSchema } from './sign-in-api';
import { WorkQueueSchema } from './work-queue-api';
import { FeeScheduleResponseSchema } from './fee-estimate';

/*
 * The contract between the browser and the BFF: every `/api/…` route, its request and its
 * answers, described once. The BFF's route table is held to it by a test (a route without an
 * entry, or an entry without a route, fails), the BFF's route tests parse every answer with it,
 * and the SPA's one API module parses every answer with it (apps/web/src/lib/api.ts).
 */

/** One route of the BFF as the browser uses it. */
export interface ApiRoute {
  method: ApiMethod;
  /** As the BFF's route table names it: `:name` is a path parameter, `*` the rest of the path. */
  path: string;
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType<Record<string, unknown>>;
  body?: z.ZodType;
  /** The answers by status; `null` for an answer without a body (`204`). */
  responses: { readonly [status: number]: z.ZodType | null };
  /**
   * How a success comes: JSON (the default), CSV (the journal export, a plain link), or plain
   * text (the metrics, for a scraper, not a browser), or Server-Sent Events (the live stream,
   * opened with `EventSource`; its messages are `LiveMessageSchema`).
   */
  media?: 'json' | 'csv' | 'text' | 'event-stream';
  /** Every error answer has the one problem shape, whatever the route. */
  problem: typeof ConsoleProblemSchema;
}

/** What a route takes and answers, besides its method and path (api-routes.ts). */
type RouteSpec = Omit<ApiRoute, 'method' | 'path' | 'problem'>;

/** Each route's spec with its method and path, and the one problem shape. */
function contract<const Specs extends { [N in ApiRouteName]: RouteSpec }>(
  specs: Specs & { [Extra in Exclude<keyof Specs, ApiRouteName>]: never },
) {
  const out: Record<string, ApiRoute> = {};
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    out[name] = { ...API_ROUTES[name], ...specs[name], problem: ConsoleProblemSchema };
  }
  return out as unknown as {
    [N in ApiRouteName]: (typeof API_ROUTES)[N] &
      Specs[N] & { problem: typeof ConsoleProblemSchema };
  };
}

const IdParamsSchema = z.object({ id: z.string() });

/** `GET /api/health`. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** `GET /api/health/live`. */
export const LiveSchema = z.object({ status: z.literal('live') });

/** The read's query as the service takes it: a repeated parameter is an array. */
export const ReadQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * `GET /api/svc/v2/…`: the service's body under `data`. It passes through as it came; the SPA
 * parses it with the read's own response schema of the registry, which is lenient.
 */
/**
 * A read's answer: the service's body, and for public market data (one copy for the whole
 * deployment) when that copy was fetched, so that a page can say how old a price is.
 */
export const ReadAnswerSchema = z.object({ data: z.unknown(), fetched_at: z.string().optional() });
export type ReadAnswer = z.infer<typeof ReadAnswerSchema>;

/**
 * Every route of the BFF's API, by a name the SPA calls it by (its method and path are in
 * api-routes.ts; a route missing from either does not compile).
 *
 * @example
 * apiContract.getJournalEntry.path; // '/api/journal/:id'
 * apiContract.getJournalEntry.responses[200].parse(body); // a JournalEntry, or a ZodError
 */
export const apiContract = contract({
  health: { responses: { 200: HealthSchema } },
  healthReady: { responses: { 200: HealthSchema } },
  healthLive: { responses: { 200: LiveSchema } },
  signIn: {
    body: SignInSchema,
    responses: { 200: SessionInfoSchema },
  },
  getSession: { responses: { 200: SessionInfoSchema } },
  getSignInOptions: { responses: { 200: SignInOptionsSchema } },
  extendSession: {
    responses: { 200: SessionInfoSchema },
  },
  signOut: { responses: { 204: null } },
  listSessions: {
    responses: { 200: SessionListSchema },
  },
  endSession: {
    params: IdParamsSchema,
    responses: { 204: null },
  },
  listSecurityEvents: {
    query: SecurityEventQuerySchema,
    responses: { 200: SecurityEventPageSchema },
  },
  listOperations: {
    responses: { 200: OperationListSchema },
  },
  sendOperation: {
    params: z.object({ operation: z.string() }),
    body: SendInputSchema,
    responses: { 200: SendResultSchema, 202: AwaitingApprovalResultSchema },
  },
  previewOperation: {
    params: z.object({ operation: z.string() }),
    body: SendInputSchema,
    responses: { 200: SendPreviewSchema },
  },
  listJournal: {
    query: JournalQuerySchema,
    responses: { 200: JournalPageSchema },
  },
  exportJournal: {
    query: JournalQuerySchema,
    media: 'csv',
    responses: { 200: z.string() },
  },
  getJournalEntry: {
    params: IdParamsSchema,
    responses: { 200: JournalEntrySchema },
  },
  retryJournalEntry: {
    params: IdParamsSchema,
    responses: { 200: SendResultSchema },
  },
  readService: {
    params: z.object({ '*': z.string() }),
    query: ReadQuerySchema,
    responses: { 200: ReadAnswerSchema },
  },
  listApprovals: {
    responses: { 200: ApprovalQueueSchema },
  },
  getApproval: {
    params: IdParamsSchema,
    responses: { 200: ApprovalDetailSchema },
  },
  approveRequest: {
    params: IdParamsSchema,
    body: ApproveRequestSchema,
    responses: { 200: SendResultSchema, 202: ApprovalProgressSchema },
  },
  rejectRequest: {
    params: IdParamsSchema,
    body: RejectApprovalSchema,
    responses: { 200: ApprovalDetailSchema },
  },
  cancelRequest: {
    params: IdParamsSchema,
    responses: { 200: ApprovalDetailSchema },
  },
  getWorkQueue: {
    responses: { 200: WorkQueueSchema },
  },
  getFeeSchedule: {
    responses: { 200: FeeScheduleResponseSchema },
  },
  listDestinations: {
    query: DestinationBookQuerySchema,
    responses: { 200: DestinationBookSchema },
  },
  getDestinationRule: {
    query: DestinationRuleQuerySchema,
    responses: { 200: DestinationRuleSchema },
  },
  getDestination: {
    params: IdParamsSchema,
    responses: { 200: AllowedDestinationSchema },
  },
  proposeDestination: {
    body: ProposeDestinationSchema,
    responses: { 202: AwaitingApprovalResultSchema },
  },
  revokeDestination: {
    params: IdParamsSchema,
    body: RevokeDestinationSchema,
    responses: { 200: DestinationRevokedSchema },
  },
  getPolicy: { responses: { 200: PolicyOverviewSchema } },
  proposePolicy: {
    body: ProposePolicySchema,
    responses: { 202: AwaitingApprovalResultSchema },
  },
  dryRunPolicy: {
    body: PolicyDryRunRequestSchema,
    responses: { 200: PolicyDryRunSchema },
  },
  listLimits: {
    responses: { 200: LimitListSchema },
  },
  getNotificationPreferences: {
    responses: { 200: NotificationPreferencesSchema },
  },
  setNotificationPreferences: {
    body: NotificationPreferencesInputSchema,
    responses: { 200: NotificationPreferencesSchema },
  },
  listNotificationRecipients: {
    responses: { 200: NotificationRecipientsSchema },
  },
  listDeadLetters: {
    query: DeadLetterQuerySchema,
    responses: { 200: DeadLettersSchema },
  },
  retryNotification: {
    params: IdParamsSchema,
    responses: { 200: NotificationDeliverySchema },
  },
  // Single sign-on: navigations that answer redirects, and the provider's own call.
  startSso: { responses: { 302: null } },
  finishSso: { responses: { 302: null } },
  leaveSso: { responses: { 302: null } },
  backchannelLogout: { responses: { 200: null } },
  metrics: { media: 'text', responses: { 200: z.string() } },
  // Issue 35: the live stream and the inbox.
  openStream: { media: 'event-stream', responses: { 200: z.string() } },
  getInbox: { responses: { 200: InboxSchema } },
  markInboxRead: { body: InboxReadInputSchema, responses: { 200: InboxSchema } },
  receiveSvcWebhook: { body: SvcWebhookSchema, responses: { 200: SvcWebhookAnswerSchema } },
  verifyAuditTrail: { responses: { 200: AuditVerificationSchema } },
  createAuditCheckpoint: { responses: { 201: AuditCheckpointSchema } },
  exportAuditPeriod: { body: AuditExportRequestSchema, responses: { 200: AuditExportSchema } },
  startReconciliation: { body: ReconRunRequestSchema, responses: { 201: ReconRunSchema } },
  listReconciliationRuns: { responses: { 200: ReconRunListSchema } },
  listReconDifferences: {
    query: ReconDifferenceQuerySchema,
    responses: { 200: ReconDifferenceListSchema },
  },
  getReconDifference: { params: IdParamsSchema, responses: { 200: ReconDifferenceDetailSchema } },
  assignReconDifference: {
    params: IdParamsSchema,
    body: ReconAssignSchema,
    responses: { 200: ReconDifferenceSchema },
  },
  resolveReconDifference: {
    params: IdParamsSchema,
    body: ReconResolveSchema,
    responses: { 200: ReconDifferenceSchema },
  },
  exportReconciliation: { query: ReconExportQuerySchema, responses: { 200: ReconExportSchema } },
  // Issue 39: batches.
  checkBatch: { body: BatchCheckRequestSchema, responses: { 200: BatchCheckSchema } },
  createBatch: { body: BatchCreateRequestSchema, responses: { 201: BatchSchema } },
  listBatches: { responses: { 200: BatchListSchema } },
  getBatch: { params: IdParamsSchema, responses: { 200: BatchSchema } },
  listBatchRows: {
    params: IdParamsSchema,
    query: BatchRowQuerySchema,
    responses: { 200: BatchRowPageSchema },
  },
  approveBatch: {
    params: IdParamsSchema,
    body: BatchApproveSchema,
    responses: { 200: BatchSchema },
  },
  rejectBatch: { params: IdParamsSchema, body: BatchReasonSchema, responses: { 200: BatchSchema } },
  pauseBatch: { params: IdParamsSchema, responses: { 200: BatchSchema } },
  resumeBatch: { params: IdParamsSchema, responses: { 200: BatchSchema } },
  cancelBatch: { params: IdParamsSchema, body: BatchReasonSchema, responses: { 200: BatchSchema } },
  exportBatchResults: { params: IdParamsSchema, responses: { 200: BatchResultsSchema } },
});

export type ApiContract = typeof apiContract;
export { API_ROUTES, type ApiMethod, type ApiRouteName } from './api-routes';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a route answers on success: the union of its declared bodies (`undefined` for a 204). */
export type ApiAnswer<N extends ApiRouteName> = {
  [Status in keyof ApiContract[N]['responses']]: Infer<ApiContract[N]['responses'][Status]>;
}[keyof ApiContract[N]['responses']];

type Part<R, K extends string> = R extends { [P in K]: infer S }
  ? S extends z.ZodType
    ? { [P in K]: z.input<S> }
    : object
  : object;

/** What a call of a route needs: its path parameters, query and body, each where it has one. */
export type ApiInput<N extends ApiRouteName> = Part<ApiContract[N], 'params'> &
  Part<ApiContract[N], 'query'> &
  Part<ApiContract[N], 'body'>;
