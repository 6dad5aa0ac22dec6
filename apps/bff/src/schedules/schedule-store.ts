/**
 * The series of scheduled sends (issue 63, migration 035): a series and its versions, each edit a
 * version of its own awaiting approval, the actions operators took on it, and each occurrence
 * decided. The scheduler (`schedule-runner.ts`) reads the series in force from here and records
 * what it decided for each occurrence; the store enforces what must never happen twice or
 * unreviewed: one decision per occurrence (its key), and four eyes on a version (a check).
 */
import { randomUUID } from 'node:crypto';
import { ScheduleTimingSchema, type BatchOperation } from '@console/schemas';
import { jsonb, type Db, type Queryable } from '../db/db';
import { ProblemError } from '../errors';
import { decideOccurrence, skipWhilePaused } from './schedule-decide';
import {
  SCHEDULER,
  type NewSeries,
  type OccurrenceState,
  type SeriesInForce,
} from './schedule-rows';

export type Operator = { id: string; name: string };

const iso = (value: Date | string) => new Date(value).toISOString();

const notFound = () =>
  new ProblemError({ status: 404, code: 'not-found', detail: 'No schedule has this id.' });

const conflict = (detail: string) => new ProblemError({ status: 409, code: 'conflict', detail });

/** Records an operator's action on a series, in the caller's transaction. */
export async function recordAction(
  q: Queryable,
  seriesId: string,
  versionId: string | null,
  kind: string,
  by: Operator,
  extra: { due_at?: string; reason?: string } = {},
) {
  await q.query(
    `insert into schedule_actions (series_id, version_id, action, operator, operator_name,
       due_at, reason)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6::timestamptz, $7)`,
    [seriesId, versionId, kind, by.id, by.name, extra.due_at ?? null, extra.reason ?? null],
  );
}

export function createScheduleStore(db: Db) {
  async function addVersion(q: Queryable, seriesId: string, series: NewSeries): Promise<string> {
    const id = randomUUID();
    await q.query(
      `insert into schedule_versions (id, series_id, version, body, timing, catch_up, state,
         created_by, created_by_name, policy_version, requirements, per_occurrence, occurrences,
         total)
       values ($1::uuid, $2::uuid,
         (select coalesce(max(version), 0) + 1 from schedule_versions where series_id = $2::uuid),
         $3::text::jsonb, $4::text::jsonb, $5, 'awaiting_approval', $6, $7, $8, $9::text::jsonb,
         $10::text::jsonb, $11, $12::text::jsonb)`,
      [
        id,
        seriesId,
        jsonb(series.body),
        jsonb(series.timing),
        series.catch_up,
        series.created_by,
        series.created_by_name,
        series.policy_version,
        jsonb(series.requirements),
        series.per_occurrence === null ? null : jsonb(series.per_occurrence),
        series.occurrences,
        series.total === null ? null : jsonb(series.total),
      ],
    );
    return id;
  }

  const decide = decideOccurrence;

  return {
    /** A new series and its first version, awaiting approval. */
    async create(series: NewSeries): Promise<{ series_id: string; version_id: string }> {
      return db.transaction(async (tx) => {
        const seriesId = randomUUID();
        await tx.query(
          `insert into schedule_series (id, operation, created_by, created_by_name)
           values ($1::uuid, $2, $3, $4)`,
          [seriesId, series.operation, series.created_by, series.created_by_name],
        );
        const versionId = await addVersion(tx, seriesId, series);
        const by = { id: series.created_by, name: series.created_by_name };
        await recordAction(tx, seriesId, versionId, 'create', by);
        return { series_id: seriesId, version_id: versionId };
      });
    },

    /** An edit: a new version awaiting its own approval; the one in force goes on meanwhile. */
    async edit(seriesId: string, series: Omit<NewSeries, 'operation'>): Promise<string> {
      return db.transaction(async (tx) => {
        const [found] = await tx.query<{ operation: BatchOperation; state: string }>(
          `select operation, state from schedule_series where id = $1::uuid for update`,
          [seriesId],
        );
        if (!found) throw notFound();
        if (found.state === 'cancelled') throw conflict('A cancelled schedule cannot be edited.');
        const versionId = await addVersion(tx, seriesId, { ...series, operation: found.operation });
        const by = { id: series.created_by, name: series.created_by_name };
        await recordAction(tx, seriesId, versionId, 'edit', by);
        return versionId;
      });
    },

    /**
     * Pauses, resumes or cancels a series. A resume decides the occurrences that fell due while it
     * was paused (by `now`, the scheduler's clock) as skipped, in the same transaction: a pause
     * sends nothing, not everything late.
     */
    async setState(
      seriesId: string,
      kind: 'pause' | 'resume' | 'cancel',
      by: Operator,
      options: { reason?: string; now: number },
    ): Promise<void> {
      const { reason } = options;
      const [from, to] =
        kind === 'pause'
          ? [['active'], 'paused']
          : kind === 'resume'
            ? [['paused'], 'active']
            : [['active', 'paused'], 'cancelled'];
      await db.transaction(async (tx) => {
        const rows = await tx.query(
          `update schedule_series set state = $2, updated_at = now()
           where id = $1::uuid and state = any($3::text[]) returning id`,
          [seriesId, to, from],
        );
        if (rows.length === 0) {
          const [exists] = await tx.query(`select 1 from schedule_series where id = $1::uuid`, [
            seriesId,
          ]);
          if (!exists) throw notFound();
          throw conflict(`This schedule cannot ${kind} now.`);
        }
        await recordAction(tx, seriesId, null, kind, by, reason === undefined ? {} : { reason });
        if (kind === 'resume') await skipWhilePaused(tx, seriesId, options.now);
      });
    },

    /**
     * Skips one occurrence of the version in force ahead of its time: decided as skipped, so the
     * scheduler never sends it. False when it was already decided.
     */
    async skip(seriesId: string, due: { due_at: string; number: number }, by: Operator) {
      return db.transaction(async (tx) => {
        const [series] = await tx.query<{ version_id: string | null }>(
          `select version_id::text as version_id from schedule_series
           where id = $1::uuid and state in ('active', 'paused') for update`,
          [seriesId],
        );
        if (!series?.version_id) throw conflict('This schedule has no occurrence to skip.');
        const decided = await decide(tx, {
          version_id: series.version_id,
          due_at: due.due_at,
          number: due.number,
          state: 'skipped',
          words: `Skipped by ${by.name}`,
          decided_by: by.id,
        });
        if (decided) await recordAction(tx, seriesId, series.version_id, 'skip', by, due);
        return decided;
      });
    },

    decide,

    /** The active series with an approved version: what the scheduler looks at. */
    async inForce(): Promise<SeriesInForce[]> {
      const rows = await db.query<SeriesInForce & { timing: unknown; approved_at: Date | string }>(
        `select s.id::text as series_id, v.id::text as version_id, s.operation, v.body, v.timing,
           v.catch_up, v.created_by, v.created_by_name, v.policy_version, v.approved_at,
           (select max(o.due_at) from schedule_occurrences o
             where o.version_id = v.id and o.decided_by = '${SCHEDULER}')
             as last_due_at
         from schedule_series s join schedule_versions v on v.id = s.version_id
         where s.state = 'active' and v.state = 'approved'
         order by s.created_at, s.id`,
      );
      return rows.map((row) => ({
        ...row,
        timing: ScheduleTimingSchema.parse(row.timing),
        approved_at: iso(row.approved_at),
        last_due_at: row.last_due_at === null ? null : iso(row.last_due_at),
      }));
    },

    /** The instants (epoch ms) of a version's occurrences decided from `from` on, skips included. */
    async decidedSince(versionId: string, from: string): Promise<Set<number>> {
      const rows = await db.query<{ due_at: Date | string }>(
        `select due_at from schedule_occurrences
         where version_id = $1::uuid and due_at >= $2::timestamptz`,
        [versionId, from],
      );
      return new Set(rows.map((row) => new Date(row.due_at).getTime()));
    },

    /**
     * Occurrences of active series journaled whose entry never left (the console's own budget had
     * no room): sent again, the same entry, by the scheduler.
     */
    async neverLeft(): Promise<{ journal_id: string; request_id: string }[]> {
      return db.query<{ journal_id: string; request_id: string }>(
        `select e.id as journal_id, e.request_id from schedule_occurrences o
         join schedule_versions v on v.id = o.version_id
         join schedule_series s on s.version_id = v.id and s.state = 'active'
         join journal_entries e on e.id = o.journal_id
         where e.state = 'REJECTED' and e.attempts = 0 and e.response_status is null
         order by o.due_at`,
      );
    },

    /** A series' occurrences decided, latest first, each with its journal entry's state. */
    async history(seriesId: string) {
      const rows = await db.query<{
        version_id: string;
        due_at: Date | string;
        number: number;
        ref_id: string;
        state: OccurrenceState;
        journal_id: string | null;
        journal_state: string | null;
        words: string | null;
        late: boolean;
      }>(
        `select o.version_id::text as version_id, o.due_at, o.number, o.ref_id, o.state,
           o.journal_id, e.state as journal_state, o.words, o.late
         from schedule_occurrences o join schedule_versions v on v.id = o.version_id
           left join journal_entries e on e.id = o.journal_id
         where v.series_id = $1::uuid order by o.due_at desc`,
        [seriesId],
      );
      return rows.map((row) => ({ ...row, due_at: iso(row.due_at), number: Number(row.number) }));
    },

    /** The series' actions, oldest first. */
    async actions(seriesId: string) {
      const rows = await db.query<{
        action: string;
        by: string;
        name: string;
        at: Date | string;
        due_at: Date | string | null;
        reason: string | null;
      }>(
        `select action, operator as by, operator_name as name, at, due_at, reason
         from schedule_actions where series_id = $1::uuid order by id`,
        [seriesId],
      );
      return rows.map((row) => ({
        ...row,
        at: iso(row.at),
        due_at: row.due_at === null ? null : iso(row.due_at),
      }));
    },
  };
}

export type ScheduleStore = ReturnType<typeof createScheduleStore>;
