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
  BatchCheckRequestSchema,
  BatchCheckSchema,
  BatchCreateRequestSchema,
} from './batch-check-api';
import { IdParamsSchema, routeSpecs } from './api-route-spec';

/*
 * The routes of batches (issue 39): check and store a file, read a batch and its rows, approve,
 * reject, pause, resume or cancel it, and export its results.
 */

export const batchesRoutes = routeSpecs({
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
