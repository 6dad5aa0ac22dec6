/**
 * The reconciliation queue (issue 40, migration 019): each difference a run finds is one row,
 * named by its key across runs. Found again, it is the same row (never queued twice); resolved
 * or closed and then not found by a run that covered it, and found once more, it recurs and is
 * opened again; open and no longer found by a run that covers it, it closes by itself (an
 * UNKNOWN entry the resolver settled, a transfer that completed). Every change of a row's state
 * is an event (`recon_events`), with who and why.
 */
import { randomUUID } from 'node:crypto';
import type { ReconDifference } from '@console/schemas';
import { jsonb, utcText, type Db, type Queryable } from '../db/db';
import type { Difference, Match } from './match-types';

export interface RunFindings {
  runId: string;
  /** The period the run covered: differences of it that were not found again are not present. */
  from: string;
  to: string;
  differences: readonly Difference[];
  matches?: readonly Match[];
}

export interface FindingsOutcome {
  found: number;
  opened: number;
  reopened: number;
  closed: number;
}

/** A row of the queue: what the browser is sent, and how the store names and follows it. */
export type StoredDifference = ReconDifference & { key: string; present: boolean };

const COLUMNS = `id::text as id, key, kind, source, journal_id, record_type, record_id, ref_id,
  journal_value, service_value, detail, legs, ${utcText('subject_at')} as subject_at, status, present,
  reopened, assignee, resolved_by, ${utcText('resolved_at')} as resolved_at, resolution`;

async function event(
  tx: Queryable,
  id: string,
  kind: string,
  actor: string | null,
  reason: string | null = null,
) {
  await tx.query(
    'insert into recon_events (difference_id, kind, actor, reason) values ($1, $2, $3, $4)',
    [id, kind, actor, reason],
  );
}

export function createReconStore(db: Db) {
  return {
    async startRun(run: { id: string; from: string; to: string; startedBy: string }) {
      await db.query(
        `insert into recon_runs (id, period_from, period_to, started_by, state)
         values ($1, $2, $3, $4, 'running')`,
        [run.id, run.from, run.to, run.startedBy],
      );
    },

    /** Writes a run's findings into the queue and ends the run, in one transaction. */
    async recordFindings(findings: RunFindings): Promise<FindingsOutcome> {
      return db.transaction(async (tx) => {
        const outcome: FindingsOutcome = { found: 0, opened: 0, reopened: 0, closed: 0 };
        for (const d of findings.differences) {
          outcome.found += 1;
          const [known] = await tx.query<{ id: string; status: string; present: boolean }>(
            'select id::text as id, status, present from recon_differences where key = $1 for update',
            [d.key],
          );
          if (!known) {
            const [row] = await tx.query<{ id: string }>(
              `insert into recon_differences (key, kind, source, journal_id, record_type, record_id,
                 ref_id, journal_value, service_value, detail, subject_at, first_run, last_run,
                 service_record, id, legs)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13::text::jsonb, $14,
                 $15::text::jsonb)
               returning id::text as id`,
              [
                d.key,
                d.kind,
                d.source,
                d.journal_id,
                d.record_type,
                d.record_id,
                d.ref_id,
                d.journal_value,
                d.service_value,
                d.detail,
                d.subject_at,
                findings.runId,
                d.service_record === null ? null : jsonb(d.service_record),
                randomUUID(),
                jsonb(d.legs ?? []),
              ],
            );
            await event(tx, row!.id, 'opened', null);
            outcome.opened += 1;
            continue;
          }
          const recurs = known.status !== 'open' && !known.present;
          await tx.query(
            `update recon_differences set present = true, last_run = $2, last_seen_at = now(),
               journal_value = $3, service_value = $4, detail = $5,
               status = case when $6 then 'open' else status end,
               reopened = reopened + case when $6 then 1 else 0 end,
               service_record = $7::text::jsonb, legs = $8::text::jsonb
             where id = $1`,
            [
              known.id,
              findings.runId,
              d.journal_value,
              d.service_value,
              d.detail,
              recurs,
              d.service_record === null ? null : jsonb(d.service_record),
              jsonb(d.legs ?? []),
            ],
          );
          if (recurs) {
            await event(tx, known.id, 'reopened', null);
            outcome.reopened += 1;
          }
        }
        // What the period held and this run did not find again is no longer there.
        const gone = await tx.query<{ id: string; was: string }>(
          `update recon_differences d set present = false,
             status = case when d.status = 'open' then 'closed' else d.status end
           from (select id, status as was from recon_differences
                 where present and last_run <> $1 and subject_at >= $2 and subject_at < $3
                 for update) before
           where d.id = before.id
           returning d.id::text as id, before.was`,
          [findings.runId, findings.from, findings.to],
        );
        for (const row of gone.filter((g) => g.was === 'open')) {
          await event(tx, row.id, 'closed', null, 'No longer differs.');
          outcome.closed += 1;
        }
        for (const m of findings.matches ?? []) {
          await tx.query(
            `insert into recon_matches (run_id, journal_id, record_type, record_id, ref_id, subject_at)
             values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
            [findings.runId, m.journal_id, m.record_type, m.record_id, m.ref_id, m.subject_at],
          );
        }
        await tx.query(
          `update recon_runs set state = 'done', finished_at = now(), found = $2, opened = $3,
             closed = $4, matched = $5 where id = $1`,
          [
            findings.runId,
            outcome.found,
            outcome.opened + outcome.reopened,
            outcome.closed,
            findings.matches?.length ?? 0,
          ],
        );
        return outcome;
      });
    },

    /** Resolves an open difference with a reason; false when it is not open. */
    async resolve(id: string, actor: string, reason: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx.query(
          `update recon_differences set status = 'resolved', resolved_by = $2,
             resolved_at = now(), resolution = $3
           where id = $1 and status = 'open' returning id`,
          [id, actor, reason],
        );
        if (done.length === 0) return false;
        await event(tx, id, 'resolved', actor, reason);
        return true;
      });
    },

    /** Gives an open difference to an operator (null: to nobody). */
    async assign(id: string, actor: string, assignee: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx.query(
          `update recon_differences set assignee = $2 where id = $1 and status = 'open' returning id`,
          [id, assignee],
        );
        if (done.length === 0) return false;
        await event(tx, id, 'assigned', actor, assignee);
        return true;
      });
    },

    async list(filter: { status?: string; limit: number }): Promise<StoredDifference[]> {
      return db.query<StoredDifference>(
        `select ${COLUMNS} from recon_differences
         where ($1::text is null or status = $1) order by subject_at desc, id limit $2`,
        [filter.status ?? null, filter.limit],
      );
    },

    async get(id: string): Promise<StoredDifference | undefined> {
      const [row] = await db.query<StoredDifference>(
        `select ${COLUMNS} from recon_differences where id = $1`,
        [id],
      );
      return row;
    },

    /** The service's record as the run that last found the difference read it. */
    async serviceRecord(id: string): Promise<unknown> {
      const [row] = await db.query<{ service_record: unknown }>(
        'select service_record from recon_differences where id = $1',
        [id],
      );
      return row?.service_record ?? null;
    },

    /** Open differences per kind, over the whole queue. */
    async openByKind(): Promise<Record<string, number>> {
      const rows = await db.query<{ kind: string; count: string }>(
        `select kind, count(*)::text as count from recon_differences where status = 'open'
         group by kind`,
      );
      return Object.fromEntries(rows.map((r) => [r.kind, Number(r.count)]));
    },

    async events(id: string) {
      return db.query<{ kind: string; actor: string | null; reason: string | null; at: string }>(
        `select kind, actor, reason, ${utcText('at')} as at from recon_events
         where difference_id = $1 order by id`,
        [id],
      );
    },

    /**
     * A period's differences (whatever their status), the sends found alike by the newest run
     * that covered each, and a summary per day and kind (`match` for the matches).
     */
    async period(from: string, to: string) {
      const differences = await db.query<StoredDifference>(
        `select ${COLUMNS} from recon_differences where subject_at >= $1 and subject_at < $2
         order by subject_at, id`,
        [from, to],
      );
      const matches = await db.query<{
        journal_id: string;
        record_type: string;
        record_id: string | null;
        ref_id: string;
        subject_at: string;
      }>(
        `select distinct on (m.journal_id) m.journal_id, m.record_type, m.record_id, m.ref_id,
           ${utcText('m.subject_at')} as subject_at
         from recon_matches m join recon_runs r on r.id = m.run_id
         where m.subject_at >= $1 and m.subject_at < $2
           and not exists (select 1 from recon_differences d
             where d.journal_id = m.journal_id and d.present)
         order by m.journal_id, r.finished_at desc`,
        [from, to],
      );
      const counts = new Map<string, number>();
      const count = (at: string, kind: string) => {
        const key = `${at.slice(0, 10)} ${kind}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      };
      for (const d of differences) count(d.subject_at, d.kind);
      for (const m of matches) count(m.subject_at, 'match');
      const summary = [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => {
          const [day, kind] = key.split(' ') as [string, string];
          return { day, kind, count: n };
        });
      return { differences, matches, summary };
    },
  };
}

export type ReconStore = ReturnType<typeof createReconStore>;
