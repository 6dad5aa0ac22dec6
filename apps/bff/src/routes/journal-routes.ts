import {
  isConsoleActionId,
  JournalQuerySchema,
  mayUse,
  parseWith,
  type JournalEntry,
  type JournalPage,
  type Role,
} from '@console/schemas';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { problems, ProblemError } from '../errors';
import { csvHeader, csvRow } from '../journal/journal-csv';
import { InvalidCursorError, type JournalFilter } from '../journal/journal-query';
import type { JournalStore } from '../journal/journal-store';
import { actorOf, type ApprovalDeps } from '../approvals/approval-deps';
import { resendApproved } from '../approvals/approval-send';
import { claimForRetry, policyStop } from '../approvals/send-time-rules';
import { dispatch, type DispatchDeps } from '../send/dispatch';
import { mayResendByItself } from '../send/read-back';
import { resolveEntry } from '../send/resolve';
import { sendResponse } from '../send/send-response';
import type { RouteDef } from './route-table';

/** Reads the journal query of a request; 400 with field errors when it is not valid. */
export function journalFilter(c: Context<AppEnv>): { filter: JournalFilter; limit: number } {
  const parsed = parseWith(JournalQuerySchema, c.req.query());
  if (!parsed.ok) throw problems.validation(parsed.errors);
  const { from, to, limit, ...rest } = parsed.value;
  const time = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      throw problems.validation([{ path: name, message: `${name} must be an RFC 3339 time` }]);
    }
    return date;
  };
  return { filter: { ...rest, from: time('from', from), to: time('to', to) }, limit: limit ?? 50 };
}

/** Lists as `role` may see it, guarding against cursors this BFF did not issue. */
async function listPage(journal: JournalStore, role: Role, filter: JournalFilter, limit: number) {
  try {
    return await journal.seenBy(role).list(filter, limit);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw problems.badRequest(error.message);
    throw error;
  }
}

/** The journal: list, one entry, CSV export, and the retry of an entry. */
export function journalRoutes(deps: DispatchDeps & { approval?: ApprovalDeps }): RouteDef[] {
  const { journal } = deps;
  return [
    {
      method: 'GET',
      path: '/api/journal',
      permission: { kind: 'read' },
      handler: async (c) => {
        const { filter, limit } = journalFilter(c);
        const body: JournalPage = await listPage(journal, c.get('operator')!.role, filter, limit);
        return c.json(body);
      },
    },
    {
      method: 'GET',
      path: '/api/journal.csv',
      permission: { kind: 'read' },
      handler: async (c) => {
        const { filter } = journalFilter(c);
        const role = c.get('operator')!.role;
        const encoder = new TextEncoder();
        // The first page is read before the answer starts: a cursor this BFF did not issue is a
        // 400, not a 200 whose download breaks off.
        let page: JournalPage | undefined = await listPage(journal, role, filter, 500);
        let cursor: string | undefined;
        let started = false;
        // Streamed page by page: an export of the whole journal never sits in memory at once.
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (!started) {
              started = true;
              controller.enqueue(encoder.encode(csvHeader()));
            }
            const current = page ?? (await listPage(journal, role, { ...filter, cursor }, 500));
            const rows = current.items.map(csvRow);
            controller.enqueue(encoder.encode(rows.join('')));
            if (!current.next_cursor) controller.close();
            cursor = current.next_cursor ?? undefined;
            page = undefined;
          },
        });
        const day = new Date().toISOString().slice(0, 10);
        return c.body(stream, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="journal-${day}.csv"`,
        });
      },
    },
    {
      method: 'GET',
      path: '/api/journal/:id',
      permission: { kind: 'read' },
      handler: async (c) => {
        const entry = await journal.seenBy(c.get('operator')!.role).get(c.req.param('id') ?? '');
        if (!entry) throw problems.notFound('There is no journal entry with this id.');
        const [open, history] = await Promise.all([
          journal.openOutcome(entry.id),
          journal.history.list(entry.id),
        ]);
        const body: JournalEntry = {
          ...entry,
          history,
          ...(open.conflicts.length > 0 ? { conflicting_outcomes: open.conflicts } : {}),
          ...(entry.state === 'UNKNOWN'
            ? {
                resolution: {
                  // Due now when no look set one: the next look of any process.
                  next_look_at: open.nextLookAt ?? entry.updated_at,
                  may_resend: mayResendByItself(entry, Date.now()),
                },
              }
            : {}),
        };
        return c.json(body);
      },
    },
    {
      method: 'POST',
      path: '/api/journal/:id/retry',
      permission: { kind: 'any-operation' },
      handler: async (c) => {
        const fields = c.get('logFields');
        const found = await journal.get(c.req.param('id') ?? '');
        if (!found) throw problems.notFound('There is no journal entry with this id.');
        Object.assign(fields, {
          operation: found.operation,
          ref_id: found.ref_id,
          journal_id: found.id,
        });
        const operator = c.get('operator')!;
        if (isConsoleActionId(found.operation)) {
          throw problems.conflict(
            'A console action is carried out by the console, never sent: there is nothing to retry.',
            found,
          );
        }
        if (!mayUse(operator.role, found.operation)) {
          throw problems.forbidden(`The ${operator.role} role may not use ${found.operation}.`);
        }
        const context = { operator, requestId: c.get('requestId') };
        // An approved request goes out again only under its approval (validity, count, hash).
        const approved = deps.approval && (await resendApproved(deps.approval, found, context));
        if (approved) {
          fields.state = approved.entry.state;
          return sendResponse(c, approved);
        }
        // A refusal is never asked again of a destination the book no longer allows (issue 37);
        // an open outcome is still read back, and sent again only where it may go.
        const rules = deps.approval;
        const stop = rules && found.state !== 'UNKNOWN' ? await policyStop(rules, found) : null;
        if (stop) {
          throw new ProblemError({
            status: 422,
            code: 'destination-not-allowed',
            detail: `Not sent again: ${stop}`,
            journal: found,
          });
        }
        // Only an entry whose outcome is open or refused is sent again, and only by one caller;
        // a refused one only while it still fits in its maker's limits.
        const claimed = rules
          ? await claimForRetry(rules, found, c.get('requestId'))
          : await journal.claim(found.id, ['UNKNOWN', 'REJECTED'], c.get('requestId'));
        if (!claimed) {
          throw problems.conflict(
            `The entry is ${found.state}; only UNKNOWN or REJECTED entries can be retried.`,
            found,
          );
        }
        // The entry keeps its maker; who retried it, and when, is its history.
        await journal.history.add({
          journalId: found.id,
          kind: 'retried',
          actor: actorOf(operator),
          detail: `was ${found.state}`,
          at: new Date(),
        });
        // An open outcome is resolved (by reading the record back where the service can say);
        // a refusal is asked again, as the operator chose to.
        const requestId = c.get('requestId');
        const result =
          found.state === 'UNKNOWN'
            ? await resolveEntry(deps, claimed, {
                requestId,
                by: actorOf(operator),
                ...(rules ? { mayResend: (entry) => policyStop(rules, entry) } : {}),
              })
            : await dispatch(deps, claimed, { resolving: true, requestId });
        fields.state = result.entry.state;
        return sendResponse(c, result);
      },
    },
  ];
}
