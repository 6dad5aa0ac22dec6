/**
 * Reconciliation in the console (issue 40): start a run over a period, follow the runs, work the
 * queue of differences (each with the journal's entry and the service's record side by side,
 * assigned, resolved with a reason), and export a period's differences and matches as CSV with a
 * summary per day and kind. Finance and admins act; auditors read.
 */
import {
  csvLine,
  parseWith,
  ReconAssignSchema,
  ReconDifferenceQuerySchema,
  ReconExportQuerySchema,
  ReconResolveSchema,
  ReconRunRequestSchema,
  type ReconDifferenceDetail,
  type ReconExport,
  type ReconRun,
} from '@console/schemas';
import type { Queryable } from '../db/db';
import { problems } from '../errors';
import type { Logger } from '../logger';
import type { Reconciler } from '../reconcile/reconciler';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface ReconcileRouteDeps {
  db: Queryable;
  reconciler: Reconciler;
  logger: Logger;
}

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const RUN_COLUMNS = `id::text as id, ${ISO('period_from')} as "from", ${ISO('period_to')} as "to",
  started_by, state, reads, found, opened, closed, matched, ${ISO('started_at')} as started_at,
  ${ISO('finished_at')} as finished_at`;

const VIEW = { kind: 'reconcile', act: false } as const;
const ACT = { kind: 'reconcile', act: true } as const;
const SHOWN = 500;

const EXPORT_COLUMNS = [
  'kind',
  'source',
  'status',
  'subject_at',
  'record_type',
  'record_id',
  'journal_id',
  'ref_id',
  'journal_value',
  'service_value',
  'detail',
  'resolved_by',
  'resolution',
] as const;

export function reconcileRoutes(deps: ReconcileRouteDeps): RouteDef[] {
  const store = deps.reconciler.store;

  const differenceOr404 = async (id: string) => {
    if (!/^[0-9]{1,18}$/.test(id)) throw problems.notFound(`No difference ${id}.`);
    const found = await store.get(id);
    if (!found) throw problems.notFound(`No difference ${id}.`);
    return found;
  };

  return [
    {
      method: 'POST',
      path: '/api/reconciliation/runs',
      permission: ACT,
      handler: async (c) => {
        const parsed = parseWith(ReconRunRequestSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const id = await deps.reconciler.start(parsed.value, c.get('operator')!.username);
        // Taken up now by whichever process holds the lease (this one, when free); a run this
        // process cannot take waits for the holder's next turn.
        void deps.reconciler
          .turn()
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'reconciliation failed'));
        const [run] = await deps.db.query<ReconRun>(
          `select ${RUN_COLUMNS} from recon_runs where id = $1`,
          [id],
        );
        return c.json(run!, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/reconciliation/runs',
      permission: VIEW,
      handler: async (c) =>
        c.json({
          items: await deps.db.query<ReconRun>(
            `select ${RUN_COLUMNS} from recon_runs order by started_at desc limit 20`,
          ),
        }),
    },
    {
      method: 'GET',
      path: '/api/reconciliation/differences',
      permission: VIEW,
      handler: async (c) => {
        const parsed = parseWith(ReconDifferenceQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const status = parsed.value.status ?? 'open';
        const items = await store.list({
          ...(status === 'all' ? {} : { status }),
          limit: SHOWN,
        });
        return c.json({ items, open_by_kind: await store.openByKind() });
      },
    },
    {
      method: 'GET',
      path: '/api/reconciliation/differences/:id',
      permission: VIEW,
      handler: async (c) => {
        const difference = await differenceOr404(c.req.param('id') ?? '');
        const [journal] = difference.journal_id
          ? await deps.db.query<NonNullable<ReconDifferenceDetail['journal']>>(
              `select id, operation, state, operator, ${ISO('created_at')} as created_at,
                 request_body, response from journal_entries where id = $1`,
              [difference.journal_id],
            )
          : [];
        const detail: ReconDifferenceDetail = {
          difference,
          journal: journal ? { ...journal, request_body: parseJson(journal.request_body) } : null,
          service: await store.serviceRecord(difference.id),
          events: await store.events(difference.id),
        };
        return c.json(detail);
      },
    },
    {
      method: 'POST',
      path: '/api/reconciliation/differences/:id/assign',
      permission: ACT,
      handler: async (c) => {
        const difference = await differenceOr404(c.req.param('id') ?? '');
        const parsed = parseWith(ReconAssignSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const actor = c.get('operator')!.username;
        if (!(await store.assign(difference.id, actor, parsed.value.assignee))) {
          throw problems.conflict('Only an open difference can be assigned.');
        }
        return c.json(await differenceOr404(difference.id));
      },
    },
    {
      method: 'POST',
      path: '/api/reconciliation/differences/:id/resolve',
      permission: ACT,
      handler: async (c) => {
        const difference = await differenceOr404(c.req.param('id') ?? '');
        const parsed = parseWith(ReconResolveSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const actor = c.get('operator')!.username;
        if (!(await store.resolve(difference.id, actor, parsed.value.reason))) {
          throw problems.conflict('This difference is not open: it was resolved or closed.');
        }
        return c.json(await differenceOr404(difference.id));
      },
    },
    {
      method: 'GET',
      path: '/api/reconciliation/export',
      permission: VIEW,
      handler: async (c) => {
        const parsed = parseWith(ReconExportQuerySchema, c.req.query());
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { from, to } = parsed.value;
        const rows = await store.period(from, to);
        let csv = csvLine([...EXPORT_COLUMNS]);
        for (const row of rows.differences) csv += csvLine(EXPORT_COLUMNS.map((k) => row[k]));
        for (const m of rows.matches) {
          csv += csvLine(
            EXPORT_COLUMNS.map((k) =>
              k === 'kind' ? 'match' : k in m ? m[k as keyof typeof m] : null,
            ),
          );
        }
        const body: ReconExport = {
          filename: `reconciliation-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`,
          csv,
          summary: rows.summary,
        };
        return c.json(body);
      },
    },
  ];
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
