import { z } from 'zod';
import {
  ApprovalDetailSchema,
  ApprovalProgressSchema,
  ApprovalQueueSchema,
  AwaitingApprovalResultSchema,
  RejectApprovalSchema,
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
import { ConsoleProblemSchema } from './problem';
import {
  SecurityEventPageSchema,
  SecurityEventQuerySchema,
  SessionListSchema,
} from './security-api';
import { WorkQueueSchema } from './work-queue-api';

/*
 * The contract between the browser and the BFF: every `/api/…` route, its request and its
 * answers, described once. The BFF's route table is held to it by a test (a route without an
 * entry, or an entry without a route, fails), the BFF's route tests parse every answer with it,
 * and the SPA's one API module parses every answer with it (apps/web/src/lib/api.ts).
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  /** How a success comes: JSON (the default), or CSV text (the journal export, a plain link). */
  media?: 'json' | 'csv';
  /** Every error answer has the one problem shape, whatever the route. */
  problem: typeof ConsoleProblemSchema;
}

const route = <const R extends Omit<ApiRoute, 'problem'>>(spec: R) => ({
  ...spec,
  problem: ConsoleProblemSchema,
});

const IdParamsSchema = z.object({ id: z.string() });

/** `GET /api/health`. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** The read's query as the service takes it: a repeated parameter is an array. */
export const ReadQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * `GET /api/svc/v2/…`: the service's body under `data`. It passes through as it came; the SPA
 * parses it with the read's own response schema of the registry, which is lenient.
 */
export const ReadAnswerSchema = z.object({ data: z.unknown() });
export type ReadAnswer = z.infer<typeof ReadAnswerSchema>;

/**
 * Every route of the BFF's API, by a name the SPA calls it by.
 *
 * @example
 * apiContract.getJournalEntry.path; // '/api/journal/:id'
 * apiContract.getJournalEntry.responses[200].parse(body); // a JournalEntry, or a ZodError
 */
export const apiContract = {
  health: route({ method: 'GET', path: '/api/health', responses: { 200: HealthSchema } }),

  signIn: route({
    method: 'POST',
    path: '/api/session',
    body: SignInSchema,
    responses: { 200: SessionInfoSchema },
  }),
  getSession: route({ method: 'GET', path: '/api/session', responses: { 200: SessionInfoSchema } }),
  /** "Stay signed in": restarts the idle clock, never past the absolute end. */
  extendSession: route({
    method: 'POST',
    path: '/api/session/extend',
    responses: { 200: SessionInfoSchema },
  }),
  signOut: route({ method: 'DELETE', path: '/api/session', responses: { 204: null } }),
  listSessions: route({
    method: 'GET',
    path: '/api/sessions',
    responses: { 200: SessionListSchema },
  }),
  /** Ends a session by its public id (the operator's own, anyone's for an admin). */
  endSession: route({
    method: 'DELETE',
    path: '/api/sessions/:id',
    params: IdParamsSchema,
    responses: { 204: null },
  }),
  listSecurityEvents: route({
    method: 'GET',
    path: '/api/security-events',
    query: SecurityEventQuerySchema,
    responses: { 200: SecurityEventPageSchema },
  }),

  listOperations: route({
    method: 'GET',
    path: '/api/operations',
    responses: { 200: OperationListSchema },
  }),
  /**
   * One route per write of the registry (`:operation` is its id); the body is validated by the
   * operation's `request` schema. `202` when the approval policy holds it: nothing was sent.
   */
  sendOperation: route({
    method: 'POST',
    path: '/api/operations/:operation',
    params: z.object({ operation: z.string() }),
    body: SendInputSchema,
    responses: { 200: SendResultSchema, 202: AwaitingApprovalResultSchema },
  }),

  listJournal: route({
    method: 'GET',
    path: '/api/journal',
    query: JournalQuerySchema,
    responses: { 200: JournalPageSchema },
  }),
  exportJournal: route({
    method: 'GET',
    path: '/api/journal.csv',
    query: JournalQuerySchema,
    media: 'csv',
    responses: { 200: z.string() },
  }),
  getJournalEntry: route({
    method: 'GET',
    path: '/api/journal/:id',
    params: IdParamsSchema,
    responses: { 200: JournalEntrySchema },
  }),
  /** Sends the stored bytes again with the same ref_id, on the same entry: never a new intent. */
  retryJournalEntry: route({
    method: 'POST',
    path: '/api/journal/:id/retry',
    params: IdParamsSchema,
    responses: { 200: SendResultSchema },
  }),

  readService: route({
    method: 'GET',
    path: '/api/svc/v2/*',
    params: z.object({ '*': z.string() }),
    query: ReadQuerySchema,
    responses: { 200: ReadAnswerSchema },
  }),

  listApprovals: route({
    method: 'GET',
    path: '/api/approvals',
    responses: { 200: ApprovalQueueSchema },
  }),
  getApproval: route({
    method: 'GET',
    path: '/api/approvals/:id',
    params: IdParamsSchema,
    responses: { 200: ApprovalDetailSchema },
  }),
  /** The last approval sends and answers like a send; an earlier one answers `202`. */
  approveRequest: route({
    method: 'POST',
    path: '/api/approvals/:id/approve',
    params: IdParamsSchema,
    responses: { 200: SendResultSchema, 202: ApprovalProgressSchema },
  }),
  rejectRequest: route({
    method: 'POST',
    path: '/api/approvals/:id/reject',
    params: IdParamsSchema,
    body: RejectApprovalSchema,
    responses: { 200: ApprovalDetailSchema },
  }),
  /** The maker withdraws their request while it waits. */
  cancelRequest: route({
    method: 'POST',
    path: '/api/approvals/:id/cancel',
    params: IdParamsSchema,
    responses: { 200: ApprovalDetailSchema },
  }),

  getWorkQueue: route({
    method: 'GET',
    path: '/api/work-queue',
    responses: { 200: WorkQueueSchema },
  }),
} as const satisfies Record<string, ApiRoute>;

export type ApiContract = typeof apiContract;
export type ApiRouteName = keyof ApiContract;

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
