/**
 * Batches in the console (issue 39): check a file, upload it as a batch, approve it once by its
 * rows hash (never its uploader), reject, pause, resume or cancel it, read its rows and its
 * results as CSV. The money roles act; viewers and auditors read, personal data masked as the
 * journal masks it for them.
 */
import {
  BatchApproveSchema,
  BatchCheckRequestSchema,
  BatchCreateRequestSchema,
  BatchReasonSchema,
  BatchRowQuerySchema,
  csvLine,
  parseWith,
  type BatchCheckRequest,
  type BatchCreateRequest,
} from '@console/schemas';
import type { Context } from 'hono';
import { recordOfOperation, seesWhole } from '../access/personal-data';
import { awaitedWords } from '../batches/batch-requirements';
import { checkUpload, createUpload, type BatchUploadDeps } from '../batches/batch-upload';
import { batchForRole, rowForRole, wholeColumns } from '../batches/batch-for-role';
import type { StoredBatch } from '../batches/batch-reads';
import type { AppEnv } from '../context';
import { problems } from '../errors';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface BatchRouteDeps extends BatchUploadDeps {
  /** Tells the sender to look for work (an approval or a resume made some). */
  wake: () => void;
}

const READ = { kind: 'batch', act: false } as const;
const ACT = { kind: 'batch', act: true } as const;

const operatorOf = (c: Context<AppEnv>) => c.get('operator')!;
/** The batch's id: a UUID, checked by the route table before the handler runs. */
const idOf = (c: Context<AppEnv>) => c.req.param('id') ?? '';

async function bodyOf<T>(c: Context<AppEnv>, schema: Parameters<typeof parseWith>[0]): Promise<T> {
  const parsed = parseWith(schema, await jsonBody(c));
  if (!parsed.ok) throw problems.validation(parsed.errors);
  return parsed.value as T;
}

/** The problem of a change the batch's state does not allow. */
const wrongState = (batch: StoredBatch | undefined, what: string) =>
  problems.conflict(
    batch ? `The batch is ${batch.state.replace('_', ' ')}: it cannot be ${what}.` : 'No batch.',
  );

export function batchRoutes(deps: BatchRouteDeps): RouteDef[] {
  const { store } = deps;
  const batchOr404 = async (id: string) => {
    const found = await store.get(id);
    if (!found) throw problems.notFound(`No batch ${id}.`);
    return found;
  };
  const changed = (
    outcome: { ok: true; batch: StoredBatch } | { ok: false; reason: string; batch?: StoredBatch },
    what: string,
  ): StoredBatch => {
    if (outcome.ok) return outcome.batch;
    if (outcome.reason === 'not-found') throw problems.notFound('No such batch.');
    throw wrongState(outcome.batch, what);
  };

  return [
    {
      method: 'POST',
      path: '/api/batches/check',
      permission: ACT,
      sends: false,
      // It reads the service's directories and balances for the operator.
      reads: true,
      handler: async (c) => {
        const input = await bodyOf<BatchCheckRequest>(c, BatchCheckRequestSchema);
        const { check } = await checkUpload(deps, input, operatorOf(c));
        return c.json(check, 200);
      },
    },
    {
      method: 'POST',
      path: '/api/batches',
      permission: ACT,
      sends: false,
      reads: true,
      handler: async (c) => {
        const input = await bodyOf<BatchCreateRequest>(c, BatchCreateRequestSchema);
        const operator = operatorOf(c);
        const batch = await createUpload(deps, input, operator);
        return c.json(batchForRole(operator.role, batch), 201);
      },
    },
    {
      method: 'GET',
      path: '/api/batches',
      permission: READ,
      handler: async (c) => {
        const role = operatorOf(c).role;
        return c.json({ items: (await store.list()).map((b) => batchForRole(role, b)) }, 200);
      },
    },
    {
      method: 'GET',
      path: '/api/batches/:id',
      permission: READ,
      handler: async (c) =>
        c.json(batchForRole(operatorOf(c).role, await batchOr404(idOf(c))), 200),
    },
    {
      method: 'GET',
      path: '/api/batches/:id/rows',
      permission: READ,
      handler: async (c) => {
        const parsed = parseWith(BatchRowQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const batch = await batchOr404(idOf(c));
        const role = operatorOf(c).role;
        // A role that sees cells masked searches only those it sees whole.
        const whole = seesWhole(role, recordOfOperation(batch.operation));
        const page = await store.rows(batch.id, {
          ...parsed.value,
          ...(whole ? {} : { searchColumns: wholeColumns(batch) }),
        });
        return c.json(
          {
            items: page.items.map((row) => rowForRole(role, batch, row)),
            total: page.total,
            offset: parsed.value.offset ?? 0,
          },
          200,
        );
      },
    },
    {
      method: 'POST',
      path: '/api/batches/:id/approve',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { rows_hash, repeated_rows } = await bodyOf<{
          rows_hash: string;
          repeated_rows?: number;
        }>(c, BatchApproveSchema);
        const operator = operatorOf(c);
        const outcome = await store.approve(idOf(c), operator, rows_hash, repeated_rows);
        if (!outcome.ok) {
          switch (outcome.reason) {
            case 'not-found':
              throw problems.notFound('No such batch.');
            case 'hash':
              throw problems.conflict(
                'The batch’s rows are not the ones you approved (their hash differs): read them again.',
              );
            case 'repeats': {
              const n = outcome.batch!.repeats?.total ?? 0;
              throw problems.conflict(
                `${n} row${n === 1 ? '' : 's'} of this batch repeat${n === 1 ? 's' : ''} rows of earlier batches: read them on the batch’s page, then approve it knowing so.`,
              );
            }
            case 'own':
              throw problems.conflict(
                'You uploaded this batch: another operator must approve it (four eyes).',
              );
            case 'again':
              throw problems.conflict('You approved this batch already.');
            case 'adds-nothing':
              throw problems.conflict(
                `Your approval would not count towards what this batch still waits for: ${awaitedWords(outcome.batch!.requirements)}.`,
              );
            case 'role':
              throw problems.forbidden(
                `This batch is approved by ${outcome.batch!.approver_roles.join(' or ')}.`,
              );
            default:
              throw wrongState(outcome.batch, 'approved');
          }
        }
        if (outcome.batch.state === 'sending') deps.wake();
        return c.json(batchForRole(operator.role, outcome.batch), 200);
      },
    },
    {
      method: 'POST',
      path: '/api/batches/:id/reject',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { reason } = await bodyOf<{ reason: string }>(c, BatchReasonSchema);
        const operator = operatorOf(c);
        const batch = await batchOr404(idOf(c));
        if (batch.created_by === operator.username) {
          throw problems.conflict('You uploaded this batch: cancel it instead of rejecting it.');
        }
        const done = changed(await store.reject(batch.id, operator.username, reason), 'rejected');
        return c.json(batchForRole(operator.role, done), 200);
      },
    },
    {
      method: 'POST',
      path: '/api/batches/:id/pause',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const done = changed(await store.pause(idOf(c)), 'paused');
        return c.json(batchForRole(operatorOf(c).role, done), 200);
      },
    },
    {
      method: 'POST',
      path: '/api/batches/:id/resume',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const done = changed(await store.resume(idOf(c)), 'resumed');
        deps.wake();
        return c.json(batchForRole(operatorOf(c).role, done), 200);
      },
    },
    {
      method: 'POST',
      path: '/api/batches/:id/cancel',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { reason } = await bodyOf<{ reason: string }>(c, BatchReasonSchema);
        const operator = operatorOf(c);
        const done = changed(await store.cancel(idOf(c), operator.username, reason), 'cancelled');
        return c.json(batchForRole(operator.role, done), 200);
      },
    },
    {
      method: 'GET',
      path: '/api/batches/:id/results',
      permission: READ,
      handler: async (c) => {
        const batch = await batchOr404(idOf(c));
        const role = operatorOf(c).role;
        const rows = (await store.allRows(batch.id)).map((row) => rowForRole(role, batch, row));
        // The file's row number first: a row left out at upload is only its number and why.
        let csv = csvLine(['row', ...batch.columns, 'ref_id', 'state', 'service_id', 'error']);
        for (const row of rows) {
          csv += csvLine([
            String(row.row),
            ...batch.columns.map((column) => row.cells[column] ?? ''),
            row.ref_id ?? '',
            row.state,
            row.service_id ?? '',
            row.error ?? '',
          ]);
        }
        const base = batch.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-');
        return c.json({ filename: `${base || 'batch'}-results.csv`, csv }, 200);
      },
    },
  ];
}
