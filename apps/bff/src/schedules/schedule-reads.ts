/**
 * Series as the API shows them (issue 63): each with its version in force and the one awaiting
 * approval (what the approval is given to: the amount per occurrence, how many, the total, and
 * the policy's requirements with their progress), its next occurrences and, read one at a time,
 * its history (each occurrence with its journal entry) and its recorded actions.
 */
import {
  describeTiming,
  occurrences,
  ScheduleTimingSchema,
  type Schedule,
  type ScheduleVersion,
} from '@console/schemas';
import { progressOf, type StoredRequirement } from '../batches/batch-requirements';
import type { Db, Queryable } from '../db/db';
import { scheduleRefId } from './schedule-rows';
import { createScheduleStore } from './schedule-store';

/** How many coming occurrences a series shows, and how far ahead it looks for them. */
const NEXT = 5;
const AHEAD_MS = 400 * 86_400_000;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

type VersionRow = Omit<
  ScheduleVersion,
  'timing' | 'timing_words' | 'approvals' | 'requirements'
> & {
  series_id: string;
  timing: unknown;
  requirements: StoredRequirement[];
  approved_at: Date | string | null;
};

async function versionsOf(db: Queryable, seriesIds: string[]) {
  if (seriesIds.length === 0) return new Map<string, ScheduleVersion[]>();
  const rows = await db.query<VersionRow>(
    `select v.id::text as id, v.series_id::text as series_id, v.version, v.state, v.body, v.timing,
       v.catch_up, v.created_by, v.created_by_name, v.per_occurrence, v.occurrences, v.total,
       v.requirements, v.policy_version, v.approved_at
     from schedule_versions v
     where v.series_id = any($1::uuid[]) and v.state in ('approved', 'awaiting_approval')`,
    [seriesIds],
  );
  const approvals = await db.query<{
    version_id: string;
    by: string;
    name: string;
    role: string;
    at: Date | string;
  }>(
    `select version_id::text as version_id, approver as by, approver_name as name, role, at
     from schedule_approvals where version_id = any($1::uuid[]) order by at`,
    [rows.map((row) => row.id)],
  );
  const bySeries = new Map<string, ScheduleVersion[]>();
  for (const row of rows) {
    const given = approvals.filter((a) => a.version_id === row.id);
    const timing = ScheduleTimingSchema.parse(row.timing);
    const { series_id, ...rest } = row;
    const version: ScheduleVersion = {
      ...rest,
      version: Number(row.version),
      occurrences: row.occurrences === null ? null : Number(row.occurrences),
      policy_version: row.policy_version === null ? null : Number(row.policy_version),
      timing,
      timing_words: describeTiming(timing),
      requirements: row.requirements.map((r) =>
        progressOf(
          r,
          given.map((a) => a.role),
        ),
      ),
      approvals: given.map((a) => ({ by: a.by, name: a.name, at: iso(a.at)! })),
      approved_at: iso(row.approved_at),
    };
    bySeries.set(series_id, [...(bySeries.get(series_id) ?? []), version]);
  }
  return bySeries;
}

/** The coming occurrences of a version, those already decided (a skip ahead) left out. */
function nextOf(version: ScheduleVersion | null, decided: Set<number>, now: number) {
  if (!version) return [];
  const from = Math.max(now, version.approved_at ? Date.parse(version.approved_at) : now);
  return occurrences(version.timing, { from, to: now + AHEAD_MS, limit: NEXT + decided.size })
    .filter((o) => !decided.has(Date.parse(o.at)))
    .slice(0, NEXT)
    .map((o) => ({
      number: o.number,
      due_at: new Date(o.at).toISOString(),
      state: 'upcoming' as const,
      ref_id: scheduleRefId(version.id, o.at),
      journal_id: null,
      journal_state: null,
      words: null,
      late: false,
    }));
}

/** The series, newest first (one when `id` is given, with its history and actions). */
export async function readSchedules(db: Db, now: number, id?: string): Promise<Schedule[]> {
  const series = await db.query<{
    id: string;
    operation: Schedule['operation'];
    state: Schedule['state'];
    created_by: string;
    created_by_name: string;
    created_at: Date | string;
  }>(
    `select id::text as id, operation, state, created_by, created_by_name, created_at
     from schedule_series where ($1::uuid is null or id = $1::uuid)
     order by created_at desc, id limit 200`,
    [id ?? null],
  );
  const versions = await versionsOf(
    db,
    series.map((s) => s.id),
  );
  const store = createScheduleStore(db);
  return Promise.all(
    series.map(async (one) => {
      const all = versions.get(one.id) ?? [];
      const inForce = all.find((v) => v.state === 'approved') ?? null;
      const awaiting = all.find((v) => v.state === 'awaiting_approval') ?? null;
      const history = id ? await store.history(one.id) : [];
      const shown = inForce ?? awaiting;
      const decided = shown
        ? await store.decidedSince(shown.id, new Date(now).toISOString())
        : new Set<number>();
      const actions = id ? await store.actions(one.id) : [];
      return {
        ...one,
        created_at: iso(one.created_at)!,
        in_force: inForce,
        awaiting,
        next: one.state === 'cancelled' ? [] : nextOf(shown, decided, now),
        history: history.map(({ version_id: _, ...o }) => o),
        actions,
      };
    }),
  );
}
