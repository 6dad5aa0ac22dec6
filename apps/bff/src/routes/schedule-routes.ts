/**
 * Schedules in the console (issue 63): make a series of one write on a timing, decided by the
 * policy as one request (each occurrence's send and, for a series with an end, its total), approve
 * or reject a version (never its author), and pause, resume, skip one occurrence of or cancel a
 * series, each a recorded action. The money roles act; viewers and auditors read.
 */
import {
  parseWith,
  ScheduleApproveSchema,
  ScheduleCreateRequestSchema,
  ScheduleReasonSchema,
  ScheduleSkipSchema,
  type CatchUpRule,
  type Role,
  type Schedule,
  type ScheduleTiming,
  type ScheduleVersion,
} from '@console/schemas';
import type { Context } from 'hono';
import { bodyForRole } from '../access/personal-data';
import type { ApprovalPolicy } from '../approvals/policy';
import type { BatchPolicyDeps } from '../batches/batch-policy';
import type { AppEnv } from '../context';
import type { Db } from '../db/db';
import { ProblemError, problems } from '../errors';
import { createScheduleApprovals } from '../schedules/schedule-approvals';
import { decideSchedule } from '../schedules/schedule-policy';
import { readSchedules } from '../schedules/schedule-reads';
import { createScheduleStore } from '../schedules/schedule-store';
import { sendableOperation } from '../send/operation-table';
import { validatedRequest } from '../send/submit';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

export interface ScheduleRouteDeps extends BatchPolicyDeps {
  db: Db;
  policy: ApprovalPolicy;
}

const READ = { kind: 'schedule', act: false } as const;
const ACT = { kind: 'schedule', act: true } as const;

/** A ref_id that only checks the body's shape: each occurrence gets its own when it is sent. */
const CHECK_REF_ID = '00000000-0000-4000-8000-000000000000';

const operatorOf = (c: Context<AppEnv>) => c.get('operator')!;
const idOf = (c: Context<AppEnv>) => c.req.param('id') ?? '';

/**
 * A series as the reader's role may see it: each version's body masked as the journal masks the
 * entries its occurrences become (a memo, an address), for a role that sees no personal data.
 */
function scheduleForRole(role: Role, schedule: Schedule): Schedule {
  const version = (v: ScheduleVersion | null) =>
    v && { ...v, body: bodyForRole(role, schedule.operation, v.body) };
  return {
    ...schedule,
    in_force: version(schedule.in_force),
    awaiting: version(schedule.awaiting),
  };
}

async function bodyOf<T>(c: Context<AppEnv>, schema: Parameters<typeof parseWith>[0]): Promise<T> {
  const parsed = parseWith(schema, await jsonBody(c));
  if (!parsed.ok) throw problems.validation(parsed.errors);
  return parsed.value as T;
}

export function scheduleRoutes(deps: ScheduleRouteDeps): RouteDef[] {
  const store = createScheduleStore(deps.db);
  const approvals = createScheduleApprovals(deps.db);
  const one = async (id: string): Promise<Schedule> => {
    const [found] = await readSchedules(deps.db, deps.now(), id);
    if (!found) throw problems.notFound(`No schedule ${id}.`);
    return found;
  };
  /** The version awaiting approval of a series, as the approver names it. */
  const awaitingOf = async (id: string, versionId?: string) => {
    const series = await one(id);
    const awaiting = series.awaiting;
    if (!awaiting || (versionId !== undefined && awaiting.id !== versionId)) {
      throw problems.conflict(
        'This version is not awaiting approval: read the schedule again and approve what it shows.',
      );
    }
    return awaiting;
  };
  const by = (c: Context<AppEnv>) => ({
    id: operatorOf(c).username,
    name: operatorOf(c).display_name,
  });

  return [
    {
      method: 'POST',
      path: '/api/schedules',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const input = await bodyOf<{
          operation: Schedule['operation'];
          body: Record<string, unknown>;
          timing: ScheduleTiming;
          catch_up: CatchUpRule;
        }>(c, ScheduleCreateRequestSchema);
        const operator = operatorOf(c);
        const operation = sendableOperation(input.operation)!;
        // Each occurrence has its own ref_id, derived when it is sent: one given here is dropped.
        const { ref_id: _, ...body } = input.body;
        validatedRequest(operation, { ...body, ref_id: CHECK_REF_ID }, deps.now);
        const decided = await decideSchedule(
          deps,
          deps.policy,
          input.operation,
          body,
          input.timing,
          {
            username: operator.username,
            role: operator.role,
          },
        );
        if (decided.refusal) {
          throw new ProblemError({
            status: 422,
            code: decided.refusal.code,
            detail: `Nothing was scheduled: ${decided.refusal.detail}`,
            ...(decided.policyVersion !== null && { policy_version: decided.policyVersion }),
          });
        }
        const { series_id } = await store.create({
          operation: input.operation,
          body,
          timing: input.timing,
          catch_up: input.catch_up,
          created_by: operator.username,
          created_by_name: operator.display_name,
          policy_version: decided.policyVersion,
          requirements: decided.requirements,
          per_occurrence: decided.perOccurrence,
          occurrences: decided.occurrences,
          total: decided.total,
        });
        return c.json(scheduleForRole(operatorOf(c).role, await one(series_id)), 201);
      },
    },
    {
      method: 'GET',
      path: '/api/schedules',
      permission: READ,
      handler: async (c) => {
        const items = await readSchedules(deps.db, deps.now());
        const role = operatorOf(c).role;
        return c.json({ items: items.map((item) => scheduleForRole(role, item)) }, 200);
      },
    },
    {
      method: 'GET',
      path: '/api/schedules/:id',
      permission: READ,
      handler: async (c) => c.json(scheduleForRole(operatorOf(c).role, await one(idOf(c))), 200),
    },
    {
      method: 'POST',
      path: '/api/schedules/:id/approve',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { version_id } = await bodyOf<{ version_id: string }>(c, ScheduleApproveSchema);
        const id = idOf(c);
        await awaitingOf(id, version_id);
        const operator = operatorOf(c);
        const outcome = await approvals.approve(id, version_id, operator);
        if (!outcome.ok) {
          switch (outcome.reason) {
            case 'own':
              throw problems.conflict(
                'You made this version: another operator must approve it (four eyes).',
              );
            case 'role':
              throw problems.forbidden('Your role is not one this schedule is approved by.');
            case 'again':
              throw problems.conflict('You approved this version already.');
            case 'adds-nothing':
              throw problems.conflict(
                'Your approval would not count towards what this version still waits for.',
              );
            default:
              throw problems.conflict('This version is not awaiting approval.');
          }
        }
        return c.json(scheduleForRole(operatorOf(c).role, await one(id)), 200);
      },
    },
    {
      method: 'POST',
      path: '/api/schedules/:id/reject',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { reason } = await bodyOf<{ reason: string }>(c, ScheduleReasonSchema);
        const id = idOf(c);
        const awaiting = await awaitingOf(id);
        const done = await approvals.reject(id, awaiting.id, operatorOf(c), reason);
        if (done === 'own') {
          throw problems.conflict('You made this version: cancel the schedule instead.');
        }
        if (done !== 'rejected') throw problems.conflict('This version is not awaiting approval.');
        return c.json(scheduleForRole(operatorOf(c).role, await one(id)), 200);
      },
    },
    ...(['pause', 'resume'] as const).map((kind): RouteDef => ({
      method: 'POST',
      path: `/api/schedules/:id/${kind}`,
      permission: ACT,
      sends: false,
      handler: async (c) => {
        await store.setState(idOf(c), kind, by(c), { now: deps.now() });
        return c.json(scheduleForRole(operatorOf(c).role, await one(idOf(c))), 200);
      },
    })),
    {
      method: 'POST',
      path: '/api/schedules/:id/skip',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { due_at } = await bodyOf<{ due_at: string }>(c, ScheduleSkipSchema);
        const series = await one(idOf(c));
        const coming = series.next.find((o) => Date.parse(o.due_at) === Date.parse(due_at));
        if (!coming) {
          throw problems.conflict('No coming occurrence of this schedule is due then.');
        }
        await store.skip(series.id, { due_at: coming.due_at, number: coming.number }, by(c));
        return c.json(scheduleForRole(operatorOf(c).role, await one(series.id)), 200);
      },
    },
    {
      method: 'POST',
      path: '/api/schedules/:id/cancel',
      permission: ACT,
      sends: false,
      handler: async (c) => {
        const { reason } = await bodyOf<{ reason: string }>(c, ScheduleReasonSchema);
        await store.setState(idOf(c), 'cancel', by(c), { reason, now: deps.now() });
        return c.json(scheduleForRole(operatorOf(c).role, await one(idOf(c))), 200);
      },
    },
  ];
}
