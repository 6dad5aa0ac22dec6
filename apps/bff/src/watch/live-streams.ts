/**
 * The live streams open now (`live_streams`, migration 015), one row each, so that the cap of
 * streams per session holds across every BFF process. A stream renews its row at each heartbeat;
 * a row not renewed for `staleMs` is a stream whose process stopped, and no longer counts.
 */
import type { Db } from '../db/db';

/** Namespace of the per-session stream locks among the database's advisory locks. */
const STREAM_LOCK = 4242036;

export function createLiveStreams(db: Db) {
  return {
    /**
     * Opens stream `id` of session `sessionId` when the session's other streams leave room under
     * `max`, after the stale rows of stopped processes go; false (nothing written) when full.
     */
    async open(id: string, sessionId: string, max: number, staleMs: number): Promise<boolean> {
      await db.query(
        `delete from live_streams where seen_at < now() - $1::int * interval '1 millisecond'`,
        [staleMs],
      );
      return db.transaction(async (tx) => {
        // A session's opens take turns: counted side by side on PostgreSQL, each saw room the
        // others were taking, and a burst of tabs opened past the cap. The count runs after the
        // lock, in a statement of its own, so its snapshot holds the last holder's row.
        await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [
          STREAM_LOCK,
          sessionId,
        ]);
        const opened = await tx.query(
          `insert into live_streams (id, session_id)
           select $1, $2 where (select count(*) from live_streams where session_id = $2) < $3
           returning id`,
          [id, sessionId, max],
        );
        return opened.length > 0;
      });
    },

    /** Stream `id` is still served: its row is fresh again, and counts for a stale time more. */
    async renew(id: string): Promise<void> {
      await db.query('update live_streams set seen_at = now() where id = $1', [id]);
    },

    /** Stream `id` ended: its room is the session's again. */
    async close(id: string): Promise<void> {
      await db.query('delete from live_streams where id = $1', [id]);
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
