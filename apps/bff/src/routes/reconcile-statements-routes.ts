/**
 * Statements in reconciliation (issue 64): a bank's or custodian's statement of a period read off
 * the request thread (the batches' worker and limits), its column mapping proposed from the one
 * saved for its source, stored with only the mapped fields, and matched as the third side when
 * the run started over its period has read the service. Finance and admins upload; auditors read.
 */
import { randomUUID } from 'node:crypto';
import {
  parseWith,
  StatementCheckRequestSchema,
  StatementCreateRequestSchema,
  type Role,
  type StatementCheck,
  type StatementDifference,
  type StatementMapping,
} from '@console/schemas';
import { maskText, seesPersonalData } from '../access/personal-data';
import type { StatementJob } from '../batches/batch-checker';
import { problems, ProblemError } from '../errors';
import type { Logger } from '../logger';
import type { Reconciler } from '../reconcile/reconciler';
import type { StatementRead } from '../reconcile/statement-read';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface StatementRouteDeps {
  reconciler: Reconciler;
  logger: Logger;
  /** Reads a statement's file in a worker thread (`batch-checker.ts`). */
  readStatement: (job: StatementJob) => Promise<StatementRead>;
}

const VIEW = { kind: 'reconcile', act: false } as const;
const ACT = { kind: 'reconcile', act: true } as const;
const SHOWN = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A statement's description may name a person: masked for a role that sees no personal data. */
function differenceForRole(role: Role, d: StatementDifference): StatementDifference {
  if (seesPersonalData(role) || !d.statement?.note) return d;
  return { ...d, statement: { ...d.statement, note: maskText(d.statement.note) } };
}

/** 422 naming every cell with a problem (`rows.<row>.<column>`), as a batch's upload does. */
function unfit(read: StatementRead): ProblemError | undefined {
  if (read.file_errors.length > 0) {
    return new ProblemError({
      status: 422,
      code: 'validation-failed',
      detail: read.file_errors.join(' '),
      errors: read.file_errors.map((message) => ({ path: 'text', message })),
    });
  }
  if (read.unmapped.length > 0) {
    return new ProblemError({
      status: 422,
      code: 'validation-failed',
      detail: `Map a column to ${read.unmapped.join(', ')} first.`,
      errors: read.unmapped.map((field) => ({ path: `mapping.${field}`, message: 'No column' })),
    });
  }
  if (read.errors.length > 0) {
    const rows = new Set(read.errors.map((e) => e.row)).size;
    return new ProblemError({
      status: 422,
      code: 'validation-failed',
      detail: `Fix the statement’s rows with problems: ${rows} row(s).`,
      errors: read.errors.map((e) => ({
        path: e.column === null ? `rows.${e.row}` : `rows.${e.row}.${e.column}`,
        message: e.message,
      })),
    });
  }
  if (read.lines.length === 0) {
    return new ProblemError({
      status: 422,
      code: 'validation-failed',
      detail: 'The statement has no lines.',
      errors: [{ path: 'text', message: 'No lines under the header' }],
    });
  }
  return undefined;
}

export function statementRoutes(deps: StatementRouteDeps): RouteDef[] {
  const store = deps.reconciler.statements;

  const checkOf = async (text: string, source: string, given?: StatementMapping) => {
    const saved = given ? undefined : await store.savedMapping(source);
    const mapping = given ?? saved;
    const read = await deps.readStatement({ statement: { text, ...(mapping ? { mapping } : {}) } });
    return { read, saved: saved !== undefined };
  };

  return [
    {
      method: 'POST',
      path: '/api/reconciliation/statements/check',
      permission: ACT,
      handler: async (c) => {
        const parsed = parseWith(StatementCheckRequestSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { text, source, mapping } = parsed.value;
        const { read, saved } = await checkOf(text, source, mapping);
        const body: StatementCheck = {
          columns: read.columns,
          mapping: read.mapping,
          mapping_saved: saved,
          unmapped: read.unmapped,
          lines: read.lines.length,
          file_errors: read.file_errors,
          errors: read.errors,
        };
        return c.json(body);
      },
    },
    {
      method: 'POST',
      path: '/api/reconciliation/statements',
      permission: ACT,
      handler: async (c) => {
        const parsed = parseWith(StatementCreateRequestSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const input = parsed.value;
        const { read } = await checkOf(input.text, input.source, input.mapping);
        const problem = unfit(read);
        if (problem) throw problem;
        const operator = c.get('operator')!.username;
        // The run over the statement's period reads the service once for both: the journal's
        // matching and the statement's, at the run's pace.
        const runId = await deps.reconciler.start({ from: input.from, to: input.to }, operator);
        const id = randomUUID();
        await store.create(
          {
            id,
            source: input.source,
            file_name: input.file_name,
            from: input.from,
            to: input.to,
            run_id: runId,
            uploaded_by: operator,
            lines: read.lines,
          },
          read.mapping,
        );
        void deps.reconciler
          .turn()
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'reconciliation failed'));
        return c.json((await store.get(id))!, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/reconciliation/statements',
      permission: VIEW,
      handler: async (c) => c.json({ items: await store.list(SHOWN) }),
    },
    {
      method: 'GET',
      path: '/api/reconciliation/statements/:id',
      permission: VIEW,
      handler: async (c) => {
        const id = c.req.param('id') ?? '';
        const statement = UUID.test(id) ? await store.get(id) : undefined;
        if (!statement) throw problems.notFound(`No statement ${id}.`);
        const role = c.get('operator')!.role;
        const differences = (await store.differences(id)).map((d) => differenceForRole(role, d));
        return c.json({ statement, differences });
      },
    },
  ];
}
