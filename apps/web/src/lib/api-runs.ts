/**
 * The BFF's routes of the console's long-running work: batches, schedules, reconciliation runs
 * and statements. Re-exported by `api.ts`, the one module the SPA imports to call the BFF.
 */
import type {
  ReconRunRequest,
  StatementCheckRequest,
  StatementCreateRequest,
  BatchCheckRequest,
  BatchCreateRequest,
  BatchRowState,
  ScheduleCreateRequest,
} from '@console/schemas';
import { call } from './api-call';

/** Reconciliation (issue 40): a run over a period, taken up by the lease holder at once. */
export const startReconciliation = (body: ReconRunRequest) => call('startReconciliation', { body });
export const listReconciliationRuns = () => call('listReconciliationRuns', {});
/** Which differences the queue shows. */
export type ReconDifferenceStatusFilter = 'open' | 'resolved' | 'closed' | 'all';
export const listReconDifferences = (status: ReconDifferenceStatusFilter) =>
  call('listReconDifferences', { query: { status } });
export const getReconDifference = (id: string) => call('getReconDifference', { params: { id } });
export const assignReconDifference = (id: string, assignee: string | null) =>
  call('assignReconDifference', { params: { id }, body: { assignee } });
export const resolveReconDifference = (id: string, reason: string) =>
  call('resolveReconDifference', { params: { id }, body: { reason } });
export const exportReconciliation = (from: string, to: string) =>
  call('exportReconciliation', { query: { from, to } });
/** Statements (issue 64): a header's proposed mapping, an upload, the list and one statement. */
export const checkStatement = (body: StatementCheckRequest) => call('checkStatement', { body });
export const createStatement = (body: StatementCreateRequest) => call('createStatement', { body });
export const listStatements = () => call('listStatements', {});
export const getStatement = (id: string) => call('getStatement', { params: { id } });

/** Batches (issue 39): a CSV of sends of one operation, checked, approved once, sent row by row. */
export const BATCHES_KEY = ['batches'] as const;
/** Parses and checks a file's text; nothing is stored but the mapping the operator gave. */
export const checkBatch = (body: BatchCheckRequest) => call('checkBatch', { body });
/** Stores the checked file as a batch awaiting its approval (`422` a row's problem, `409` the same rows again). */
export const createBatch = (body: BatchCreateRequest) => call('createBatch', { body });
/** Polled while one is sending: background. */
export const listBatches = () => call('listBatches', {}, { background: true });
export const getBatch = (id: string, options: { background?: boolean } = {}) =>
  call('getBatch', { params: { id } }, options);
export const listBatchRows = (
  id: string,
  query: { offset?: number; limit?: number; q?: string; state?: BatchRowState },
  options: { background?: boolean } = {},
) => call('listBatchRows', { params: { id }, query }, options);
/**
 * Approves exactly the rows of `rowsHash`; `repeatedRows`, the number of rows repeating earlier
 * batches the approver was shown, is what the BFF asks of a batch that has any (issue 64).
 */
export const approveBatch = (id: string, rowsHash: string, repeatedRows?: number) =>
  call('approveBatch', {
    params: { id },
    body: {
      rows_hash: rowsHash,
      ...(repeatedRows === undefined ? {} : { repeated_rows: repeatedRows }),
    },
  });
export const rejectBatch = (id: string, reason: string) =>
  call('rejectBatch', { params: { id }, body: { reason } });
export const pauseBatch = (id: string) => call('pauseBatch', { params: { id } });
export const resumeBatch = (id: string) => call('resumeBatch', { params: { id } });
/** Sends none of the rows not yet sent; rows already sent stay sent. */
export const cancelBatch = (id: string, reason: string) =>
  call('cancelBatch', { params: { id }, body: { reason } });
/** The mapped columns plus ref_id, state, service id and error of every row, as CSV. */
export const exportBatchResults = (id: string) => call('exportBatchResults', { params: { id } });

/** Schedules (issue 63): one write sent at the occurrences of a timing, approved once a version. */
export const SCHEDULES_KEY = ['schedules'] as const;
/** Stores a series awaiting its approval (`422` the policy refuses it, with why). */
export const createSchedule = (body: ScheduleCreateRequest) => call('createSchedule', { body });
/** What the policy in force would ask of that series now (the review's approvals); nothing stored. */
export const previewSchedule = (body: ScheduleCreateRequest) => call('previewSchedule', { body });
/** Read again while the upcoming page is open: background. */
export const listSchedules = () => call('listSchedules', {}, { background: true });
export const getSchedule = (id: string) =>
  call('getSchedule', { params: { id } }, { background: true });
/** Approves exactly the version the approver read (`409` when another awaits now). */
export const approveSchedule = (id: string, versionId: string) =>
  call('approveSchedule', { params: { id }, body: { version_id: versionId } });
export const rejectSchedule = (id: string, reason: string) =>
  call('rejectSchedule', { params: { id }, body: { reason } });
export const pauseSchedule = (id: string) => call('pauseSchedule', { params: { id } });
export const resumeSchedule = (id: string) => call('resumeSchedule', { params: { id } });
/** Sends nothing for the one coming occurrence due at `dueAt`; the series goes on after. */
export const skipScheduleOccurrence = (id: string, dueAt: string) =>
  call('skipScheduleOccurrence', { params: { id }, body: { due_at: dueAt } });
export const cancelSchedule = (id: string, reason: string) =>
  call('cancelSchedule', { params: { id }, body: { reason } });
