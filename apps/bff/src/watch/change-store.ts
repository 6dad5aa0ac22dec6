/**
 * The change log (`live_changes`, migration 015) and the watcher's cursors. Changes are written
 * by the watch lease's holder together with the cursor that covers them, in one transaction: a
 * holder whose lease ran out writes nothing, and whoever takes over resumes from the cursor the
 * last commit left. A webhook's change is written by whichever process received it. Every
 * write takes one transaction-scoped advisory lock first, so ids are handed out and committed
 * in the same order: a reader that has seen id n never finds a smaller one later.
 */
import { jsonb, utcText, type Db, type Queryable, type SqlParam } from '../db/db';
import { HOLDS_LEASE } from '../jobs/job-lease';
import type { Audience, Change } from './classify';

/** The `job_leases` kind of the watcher: one per deployment. */
export const WATCH_JOB = 'watch';
/** Told to every process, at commit, when changes were written. */
export const LIVE_CHANGE_CHANNEL = 'console_live_change';
/** Serialises the writers of `live_changes` (see above). */
const CHANGE_LOCK = 4242035;

/** A row of the change log as readers see it. */
export interface StoredChange {
  id: string;
  source: string;
  record_type: string;
  record_id: string;
  kind: string;
  profile_id: string | null;
  ref_id: string | null;
  payload: Record<string, unknown>;
  audience: Audience | null;
  at: string;
}

class LeaseLost extends Error {}

const CHANGE_INSERT_COLUMNS =
  'source, change_key, record_type, record_id, kind, profile_id, ref_id, payload, audience';

const valuesOf = (c: Change): SqlParam[] => [
  c.source,
  c.changeKey,
  c.recordType,
  c.recordId,
  c.kind,
  c.profileId,
  c.refId,
  jsonb(c.payload),
  c.audience,
];

async function insertChanges(tx: Queryable, changes: readonly Change[]): Promise<number> {
  let written = 0;
  for (const c of changes) {
    const rows = await tx.query(
      `insert into live_changes (${CHANGE_INSERT_COLUMNS})
       values ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9)
       on conflict (change_key) do nothing returning id`,
      valuesOf(c),
    );
    written += rows.length;
  }
  if (written > 0) await tx.query('select pg_notify($1, $2)', [LIVE_CHANGE_CHANNEL, '']);
  return written;
}

export const CHANGE_COLUMNS = `id::text as id, source, record_type, record_id, kind, profile_id,
  ref_id, payload, audience, ${utcText('at')} as at`;

/**
 * Writes one change learned outside the watcher (a webhook read back) in one statement, under
 * the writers' lock (held to the statement's end, its transaction); true when it was new.
 */
export async function recordOne(q: Queryable, c: Change): Promise<boolean> {
  const rows = await q.query(
    `with lock as (select pg_advisory_xact_lock($10))
     insert into live_changes (${CHANGE_INSERT_COLUMNS})
     select $1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9 from lock
     on conflict (change_key) do nothing returning id`,
    [...valuesOf(c), CHANGE_LOCK],
  );
  if (rows.length === 0) return false;
  await q.query('select pg_notify($1, $2)', [LIVE_CHANGE_CHANNEL, '']);
  return true;
}

/** Whether the change log holds the change of `changeKey` (a webhook's replay, say). */
export async function hasChange(q: Queryable, changeKey: string): Promise<boolean> {
  const rows = await q.query('select 1 from live_changes where change_key = $1', [changeKey]);
  return rows.length > 0;
}

/** Reads the change log and the cursors: any process, any connection. */
export function createChangeReader(db: Queryable) {
  return {
    /** Where a feed has got to, or null before its first commit. */
    async position<T>(feed: string): Promise<T | null> {
      const rows = await db.query<{ position: T }>(
        'select position from watch_cursors where feed = $1',
        [feed],
      );
      return rows[0]?.position ?? null;
    },

    /** Changes after `afterId`, oldest first. */
    async after(afterId: string, limit: number): Promise<StoredChange[]> {
      return db.query<StoredChange>(
        `select ${CHANGE_COLUMNS} from live_changes where live_changes.id > $1::bigint
         order by live_changes.id limit $2`,
        [afterId, limit],
      );
    },

    /** The newest change's id, or '0' when there is none. */
    async lastId(): Promise<string> {
      const rows = await db.query<{ id: string | null }>(
        'select max(id)::text as id from live_changes',
      );
      return rows[0]?.id ?? '0';
    },
  };
}

export type ChangeReader = ReturnType<typeof createChangeReader>;

export function createChangeStore(db: Db, lease: { kind: string; owner: string }) {
  return {
    /**
     * Writes a feed's changes and its new position while this process holds the watch lease;
     * false (nothing written) when it does not. Changes already written are skipped.
     */
    async commit(
      feed: string,
      changes: readonly Change[],
      position: unknown,
    ): Promise<{ held: boolean; written: number }> {
      try {
        return await db.transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock($1)', [CHANGE_LOCK]);
          const held = await tx.query<{ held: boolean }>(
            `select ${HOLDS_LEASE('$1', '$2')} as held`,
            [lease.kind, lease.owner],
          );
          if (!held[0]?.held) throw new LeaseLost();
          const written = await insertChanges(tx, changes);
          await tx.query(
            `insert into watch_cursors (feed, position, updated_at) values ($1, $2::text::jsonb, now())
             on conflict (feed) do update set position = excluded.position, updated_at = now()`,
            [feed, jsonb(position)],
          );
          return { held: true, written };
        });
      } catch (error) {
        if (error instanceof LeaseLost) return { held: false, written: 0 };
        throw error;
      }
    },

    /**
     * Deletes the changes older than `keepMs` (and their read marks), at most `limit` at once,
     * while this process holds the watch lease; how many went. The inbox shows a week and a
     * browser resumes within minutes: older rows serve nobody, and unpruned they would grow
     * with every change the service ever made.
     */
    async prune(keepMs: number, limit: number): Promise<number> {
      const rows = await db.query<{ pruned: string }>(
        `with gone as (
           delete from live_changes where id in (
             select id from live_changes
             where at < now() - $3::bigint * interval '1 millisecond' and ${HOLDS_LEASE('$1', '$2')}
             order by id limit $4)
           returning 1)
         select count(*)::text as pruned from gone`,
        [lease.kind, lease.owner, keepMs, limit],
      );
      return Number(rows[0]?.pruned ?? 0);
    },

    /** Writes changes learned outside the watcher (a webhook read back); how many were new. */
    async record(changes: readonly Change[]): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [CHANGE_LOCK]);
        return insertChanges(tx, changes);
      });
    },

    ...createChangeReader(db),
  };
}

export type ChangeStore = ReturnType<typeof createChangeStore>;
