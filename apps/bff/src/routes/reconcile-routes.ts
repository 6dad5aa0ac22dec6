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
  type ReconDifference,
  type ReconDifferenceDetail,
  type ReconExport,
} from '@console/schemas';
import type { Role } from '@console/schemas';
import {
  maskPersonal,
  maskText,
  recordForRole,
  recordOfOperation,
  seesPersonalData,
  seesWhole,
} from '../access/personal-data';
import type { Queryable } from '../db/db';
import { problems } from '../errors';
import type { Logger } from '../logger';
import type { Reconciler } from '../reconcile/reconciler';
import { journalSide, readRun, recentRuns } from '../reconcile/recon-reads';
import type { StoredDifference } from '../reconcile/recon-store';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface ReconcileRouteDeps {
  db: Queryable;
  reconciler: Reconciler;
  logger: Logger;
}

const VIEW = { kind: 'reconcile', act: false } as const;
const ACT = { kind: 'reconcile', act: true } as const;
const SHOWN = 500;
const RUNS_SHOWN = 20;

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

/** The read whose masking a record of each type gets (the pages' own rule). */
const READ_OF_RECORD = {
  transfer: 'listTransfers',
  order: 'listOrders',
  orchestration: 'listOrchestrations',
} as const;

/**
 * A difference as `role` may see it: a destination's two values (a crypto address is personal)
 * and the sentence that quotes them masked for a role that sees no personal data.
 */
function differenceForRole(role: Role, stored: StoredDifference): ReconDifference {
  // The store's own members (its key, whether the last run found it) stay in the BFF.
  const { key: _key, present: _present, ...d } = stored;
  if (seesPersonalData(role) || d.kind !== 'destination') return d;
  const mask = (v: string | null) => (v === null ? null : maskText(v));
  return {
    ...d,
    journal_value: mask(d.journal_value),
    service_value: mask(d.service_value),
    detail: 'The destination the journal sent differs from the one the service holds.',
  };
}

export function reconcileRoutes(deps: ReconcileRouteDeps): RouteDef[] {
  const store = deps.reconciler.store;

  const differenceOr404 = async (id: string) => {
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
        const run = await readRun(deps.db, id);
        return c.json(run!, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/reconciliation/runs',
      permission: VIEW,
      handler: async (c) => c.json({ items: await recentRuns(deps.db, RUNS_SHOWN) }),
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
        const role = c.get('operator')!.role;
        return c.json({
          items: items.map((d) => differenceForRole(role, d)),
          open_by_kind: await store.openByKind(),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/reconciliation/differences/:id',
      permission: VIEW,
      handler: async (c) => {
        const role = c.get('operator')!.role;
        const difference = await differenceOr404(c.req.param('id') ?? '');
        const journal = difference.journal_id
          ? await journalSide(deps.db, difference.journal_id)
          : undefined;
        // Each side masked as its own page masks it: the journal's entry by its operation's
        // record, the service's record by its list read.
        const whole = journal ? seesWhole(role, recordOfOperation(journal.operation)) : true;
        const detail: ReconDifferenceDetail = {
          difference: differenceForRole(role, difference),
          journal: journal
            ? {
                ...journal,
                request_body: whole
                  ? parseJson(journal.request_body)
                  : maskPersonal(parseJson(journal.request_body)),
                response: whole ? journal.response : maskPersonal(journal.response),
              }
            : null,
          service: recordForRole(
            role,
            READ_OF_RECORD[difference.record_type],
            await store.serviceRecord(difference.id),
          ),
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
        return c.json(
          differenceForRole(c.get('operator')!.role, await differenceOr404(difference.id)),
        );
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
        return c.json(
          differenceForRole(c.get('operator')!.role, await differenceOr404(difference.id)),
        );
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
        const role = c.get('operator')!.role;
        let csv = csvLine([...EXPORT_COLUMNS]);
        for (const row of rows.differences) {
          const seen = differenceForRole(role, row);
          csv += csvLine(EXPORT_COLUMNS.map((k) => seen[k]));
        }
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
