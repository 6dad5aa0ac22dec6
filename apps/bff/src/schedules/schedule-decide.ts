/**
 * An occurrence decided (issue 63): one row per occurrence, its key making "one decision per
 * occurrence" a fact whichever process or operator decides it; and, at a resume, the occurrences
 * that fell due while the series was paused decided as skipped.
 */
import { occurrences, ScheduleTimingSchema } from '@console/schemas';
import type { Queryable } from '../db/db';
import { scheduleRefId, SCHEDULER, type OccurrenceDecision } from './schedule-rows';

/**
 * Records the decision on one occurrence, in the caller's transaction (the one that journals
 * its send): true when this call decided it, false when it had been decided already.
 */
export async function decideOccurrence(
  q: Queryable,
  decision: OccurrenceDecision,
): Promise<boolean> {
  const rows = await q.query(
    `insert into schedule_occurrences (version_id, due_at, number, ref_id, state, journal_id,
       words, late, decided_by)
     values ($1::uuid, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9)
     on conflict (version_id, due_at) do nothing returning ref_id`,
    [
      decision.version_id,
      decision.due_at,
      decision.number,
      scheduleRefId(decision.version_id, decision.due_at),
      decision.state,
      decision.journal_id ?? null,
      decision.words ?? null,
      decision.late ?? false,
      decision.decided_by,
    ],
  );
  return rows.length > 0;
}

/**
 * Decides as skipped the occurrences of the series' version in force that fell due by `now` and
 * were not decided (its scheduler stops at a paused series): in the caller's transaction, the
 * resume's, so that no scheduler sends them late in between.
 */
export async function skipWhilePaused(q: Queryable, seriesId: string, now: number) {
  const [version] = await q.query<{
    id: string;
    timing: unknown;
    approved_at: Date | string;
    last_due_at: Date | string | null;
  }>(
    `select v.id::text as id, v.timing, v.approved_at,
       (select max(o.due_at) from schedule_occurrences o
        where o.version_id = v.id and o.decided_by = $2) as last_due_at
     from schedule_series s join schedule_versions v on v.id = s.version_id
     where s.id = $1::uuid and v.state = 'approved'`,
    [seriesId, SCHEDULER],
  );
  if (!version) return;
  const from =
    version.last_due_at === null
      ? new Date(version.approved_at).getTime()
      : new Date(version.last_due_at).getTime() + 1;
  const timing = ScheduleTimingSchema.parse(version.timing);
  for (const occurrence of occurrences(timing, { from, to: now + 1 })) {
    await decideOccurrence(q, {
      version_id: version.id,
      due_at: occurrence.at,
      number: occurrence.number,
      state: 'skipped',
      words: 'Due while the schedule was paused: not sent',
      decided_by: SCHEDULER,
    });
  }
}
