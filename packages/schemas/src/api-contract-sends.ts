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
} from './console-api';
import { FeeScheduleResponseSchema } from './fee-estimate';
import { DecisionChallengeRequestSchema, DecisionChallengeSchema } from './passkeys-api';
import { WorkQueueSchema } from './work-queue-api';
import { IdParamsSchema, routeSpecs } from './api-route-spec';

/*
 * The routes of one operation: the operations, a send and its preview, the journal of sends, the
 * service's reads, the approvals a send waits for, the work queue and the fee schedule.
 */

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

export const sendsRoutes = routeSpecs({
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
  createDecisionChallenge: {
    params: IdParamsSchema,
    body: DecisionChallengeRequestSchema,
    responses: { 200: DecisionChallengeSchema },
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
});
