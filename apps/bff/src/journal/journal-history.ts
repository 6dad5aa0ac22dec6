/**
 * The history of an entry after its maker sent it (migration 011): who retried it, and when the
 * console itself sent it again. The entry's `operator` stays its maker; every later act is a row
 * here with its own actor, so that a retry by another operator is never read as the maker's.
 */
import type { JournalEvent } from '@console/schemas';
import type { Queryable } from '../db/db';

/** Who acted: an operator, or null for the console itself (its resolver). */
export type JournalActor = { username: string; display_name: string } | null;

export interface NewJournalEvent {
  journalId: string;
  kind: JournalEvent['kind'];
  actor: JournalActor;
  detail?: string | null;
  at: Date;
}

interface EventRow {
  kind: JournalEvent['kind'];
  actor: string | null;
  actor_name: string | null;
  detail: string | null;
  at: Date | string;
}

/** The history of journal entries after their makers. */
export interface JournalHistory {
  /** Appends one event; in `q`'s transaction when given. */
  add(event: NewJournalEvent, q?: Queryable): Promise<void>;
  /** The events of one entry, oldest first. */
  list(journalId: string): Promise<JournalEvent[]>;
}

export function createJournalHistory(db: Queryable): JournalHistory {
  return {
    async add(event: NewJournalEvent, q: Queryable = db): Promise<void> {
      await q.query(
        `insert into journal_events (journal_id, kind, actor, actor_name, detail, at)
         values ($1, $2, $3, $4, $5, $6::timestamptz)`,
        [
          event.journalId,
          event.kind,
          event.actor?.username ?? null,
          event.actor?.display_name ?? null,
          event.detail ?? null,
          event.at.toISOString(),
        ],
      );
    },

    async list(journalId: string): Promise<JournalEvent[]> {
      const rows = await db.query<EventRow>(
        `select kind, actor, actor_name, detail, at from journal_events
         where journal_id = $1 order by id`,
        [journalId],
      );
      return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
    },
  };
}
