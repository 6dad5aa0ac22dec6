import {
  AuditCheckpointSchema,
  AuditExportRequestSchema,
  AuditExportSchema,
  AuditVerificationSchema,
} from './audit-api';
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
import { InsightsPeriodQuerySchema, MoneyMovedSchema } from './insights';
import {
  StatementCheckRequestSchema,
  StatementCheckSchema,
  StatementCreateRequestSchema,
  StatementDetailSchema,
  StatementListSchema,
  StatementSchema,
} from './reconcile-statements';
import { IdParamsSchema, routeSpecs } from './api-route-spec';

/*
 * The routes of the records: the audit trail (verify, checkpoint, export) and reconciliation (runs,
 * differences, their assignment and resolution, the export), and the insights drawn from them.
 */

export const recordsRoutes = routeSpecs({
  getMoneyMoved: { query: InsightsPeriodQuerySchema, responses: { 200: MoneyMovedSchema } },
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
  checkStatement: { body: StatementCheckRequestSchema, responses: { 200: StatementCheckSchema } },
  createStatement: { body: StatementCreateRequestSchema, responses: { 201: StatementSchema } },
  listStatements: { responses: { 200: StatementListSchema } },
  getStatement: { params: IdParamsSchema, responses: { 200: StatementDetailSchema } },
});
